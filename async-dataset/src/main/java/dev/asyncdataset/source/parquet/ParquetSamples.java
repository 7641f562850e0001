package dev.asyncdataset.source.parquet;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;

/**
 * Samples of any kind from Parquet files, each row an item: the chosen columns of the row become
 * the parts of a {@link Sample} (see {@link ParquetSource#buildSamples}), handed to your {@link
 * SampleDecoder} on the decode stage. The sample's key is {@link #describe}: the file, row group
 * and row, so a part that is missing (a null value) or does not decode is named by them. Files,
 * random access and bad input are as for {@link ParquetImages}.
 */
final class ParquetSamples extends ParquetRows<Sample> {

    private final ParquetTable<RowGroupParts> table;
    private final SampleDecoder decoder;

    ParquetSamples(ParquetTable<RowGroupParts> table, SampleDecoder decoder) {
        super(table);
        this.table = table;
        this.decoder = decoder;
    }

    /** Reads (or finds read) the item's row group and returns its row as a sample. */
    @Override
    public Sample fetch(NDManager manager, long index)
            throws BadItemException, InterruptedException {
        return table.rowGroup(index, this::sample);
    }

    /** Keeps the samples the epoch has not fetched yet of each row group it reads. */
    @Override
    ParquetEpoch<Sample> epochView() {
        return new ParquetEpoch<>(
                this,
                table.epoch((index, rows, copies) -> sample(index, rows), RowGroupParts::rowBytes));
    }

    /**
     * {@inheritDoc}
     *
     * <p>Each row group's chunks of the chosen columns are read at once, as {@link
     * ParquetSource#streamedEpoch} reads them. Public for the reason that is.
     */
    @Override
    public ShardEpoch<Sample> streamedEpoch() {
        return table.streamedEpoch(this::sample);
    }

    /** Item {@code index}'s row of its row group {@code rows}, as a sample. */
    private Sample sample(long index, RowGroupParts rows) {
        return rows.sample(describe(index), table.row(index));
    }

    @Override
    public Record decode(NDManager manager, long index, Sample fetched) throws Exception {
        return decoder.decode(manager, fetched);
    }
}
