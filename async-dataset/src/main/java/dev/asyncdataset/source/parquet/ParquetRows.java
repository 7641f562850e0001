package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.RandomAccessEpochs;
import dev.asyncdataset.internal.shard.StreamableShards;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.SourceStats;
import java.util.List;

/**
 * What the Parquet sources ({@link ParquetImages}, {@link ParquetSamples}) share: their files and
 * the answers that come straight from them, their row groups as the shards of streaming, and a view
 * of each random-access epoch ({@link ParquetEpoch}).
 *
 * @param <T> what the source's fetch step hands to its decode step
 */
abstract class ParquetRows<T>
        implements ShardedSource<T>, StreamableShards<T>, RandomAccessEpochs<ItemSource<T>> {

    private final ParquetTable<?> table;

    ParquetRows(ParquetTable<?> table) {
        this.table = table;
    }

    @Override
    public long size() {
        return table.size();
    }

    /**
     * Returns the view of one random-access epoch, or this source if it has more items than a view
     * records.
     */
    @Override
    public ItemSource<T> randomAccessEpoch() {
        return size() > Integer.MAX_VALUE ? this : epochView();
    }

    /** The files' rows, which this source reads. */
    ParquetTable<?> table() {
        return table;
    }

    /** A view of one random-access epoch. */
    abstract ParquetEpoch<T> epochView();

    /** Returns the rows of each row group, over all files in order: its shards are row groups. */
    @Override
    public long[] shardSizes() {
        return table.shardSizes();
    }

    /** Names the item's file, row group in the file and row in the file. */
    @Override
    public String describe(long index) {
        return table.describe(index);
    }

    /**
     * Retries of the store's requests; cache hits and misses of what random access reads (row
     * groups or pages), one per item.
     */
    @Override
    public SourceStats stats() {
        return table.stats();
    }

    /** The files left out: cut short, with a bad footer, or without a column read. */
    @Override
    public List<BadItemException> damaged() {
        return table.damaged();
    }

    @Override
    public void close() {
        table.close();
    }
}
