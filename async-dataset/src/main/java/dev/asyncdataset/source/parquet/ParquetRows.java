package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SourceStats;
import java.util.List;

/**
 * What the Parquet sources ({@link ParquetSource}, {@link ParquetSampleSource}) share: their files
 * and the answers that come straight from them.
 *
 * @param <T> what the source's fetch step hands to its decode step
 */
abstract class ParquetRows<T> implements ItemSource<T> {

    private final ParquetTable<?> table;

    ParquetRows(ParquetTable<?> table) {
        this.table = table;
    }

    @Override
    public long size() {
        return table.size();
    }

    /** Names the item's file, row group in the file and row in the file. */
    @Override
    public String describe(long index) {
        return table.describe(index);
    }

    /** Retries of the store's requests; cache hits and misses of row groups, one per item. */
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
