package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ShardEpoch;

/**
 * How one streamed epoch of a Parquet source cuts its items out of their row groups: the row group
 * decoded as it loaded ({@link StreamedRowGroups}), so that a cut reads no shard bytes, each row's
 * value taken from it, and the row group dropped, its page arrays given back, once the epoch's last
 * row of it is released or has failed.
 *
 * @param <T> what the source keeps of a decoded row group
 * @param <V> what a fetch hands on
 */
final class StreamedCut<T, V> implements ShardEpoch.Cut<V> {

    /** An item's value in its decoded row group. */
    @FunctionalInterface
    interface RowValue<T, V> {
        V of(long index, T rowGroup) throws BadItemException;
    }

    private final ParquetTable<T> table;
    private final RowValue<T, V> value;
    private final StreamedRowGroups<T> decoded;

    StreamedCut(ParquetTable<T> table, RowValue<T, V> value, StreamedRowGroups<T> decoded) {
        this.table = table;
        this.value = value;
        this.decoded = decoded;
    }

    @Override
    public V cut(long index, byte[] span, int length)
            throws BadItemException, InterruptedException {
        T rowGroup;
        try {
            rowGroup = table.heldRowGroup(index, decoded);
        } catch (BadItemException | RuntimeException e) {
            decoded.failed(table.group(index));
            throw e;
        }
        try {
            return value.of(index, rowGroup);
        } catch (BadItemException | RuntimeException e) {
            decoded.released(table.group(index));
            throw e;
        }
    }

    @Override
    public void release(long index, V fetched) {
        decoded.released(table.group(index));
    }

    @Override
    public void end() {
        decoded.close();
    }
}
