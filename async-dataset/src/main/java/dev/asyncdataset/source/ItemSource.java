package dev.asyncdataset.source;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import java.io.IOException;
import java.util.List;

/**
 * Where the items of a {@link dev.asyncdataset.ConcurrentDataset} come from, in two steps that run
 * on two different stages of the loader.
 *
 * <ol>
 *   <li>{@link #fetch} runs on the fetch stage, one virtual thread per item, up to {@code fetchers}
 *       at once (one platform thread in sampler order with {@code optSequentialFetch}). It is the
 *       place to wait on storage (a file, an S3 GET, a slow {@code RandomAccessDataset.get}); it
 *       should not burn CPU.
 *   <li>{@link #decode} runs on the decode stage, a pool of platform threads sized to the cores. It
 *       turns what was fetched into a DJL {@link Record} (for example: JPEG bytes into an image
 *       array and a label).
 * </ol>
 *
 * <p>Implementations must be thread-safe: both methods are called from many threads at once, for
 * different indices. An item that can never be read (missing, corrupt, not an image) is reported by
 * throwing {@link BadItemException}; any other exception is taken as a storage failure that
 * retrying did not cure, and ends the iteration whatever the bad-item policy.
 *
 * <p>What {@link #fetch} returns belongs to the loader until it hands it back through {@link
 * #release}, exactly once, when nothing reads it any more: a source that reads bodies into recycled
 * buffers takes them back there.
 *
 * @param <T> what the fetch step hands to the decode step, such as a {@code ByteBuffer}
 */
public interface ItemSource<T> extends AutoCloseable {

    /**
     * Gets the source ready to report its size, for example by listing a bucket; called by {@code
     * ConcurrentDataset.prepare} before the first epoch. The default does nothing.
     *
     * @param progress reports progress, or {@code null}
     * @throws IOException if the source cannot be read
     */
    default void prepare(Progress progress) throws IOException {}

    /**
     * Returns the number of items; indices run from 0 to {@code size() - 1}.
     *
     * @return the number of items
     */
    long size();

    /**
     * Reads item {@code index} from storage; may block.
     *
     * @param manager a CPU manager owned by the item's batch, for sources that create arrays here
     * @param index the item index
     * @return what {@link #decode} needs for this item
     * @throws Exception if the item cannot be read
     */
    T fetch(NDManager manager, long index) throws Exception;

    /**
     * Turns what {@link #fetch} returned into a record of arrays created in {@code manager}.
     *
     * @param manager a CPU manager owned by the item's batch
     * @param index the item index
     * @param fetched the result of {@link #fetch} for this index
     * @return the item's data and labels
     * @throws Exception if the item cannot be decoded
     */
    Record decode(NDManager manager, long index, T fetched) throws Exception;

    /**
     * Takes back what {@link #fetch} returned for item {@code index}, once nothing reads it: the
     * loader calls it exactly once per fetched value, after the item was decoded (into a record or
     * straight into a batch row) or dropped (skipped as bad, its batch failed or cancelled, the
     * epoch closed), and {@code ConcurrentDataset.get} after its decode. A source that reads into
     * recycled buffers gives the buffer back here, so it must not be reused before. The default
     * does nothing: the value is left to the garbage collector.
     *
     * @param index the item index
     * @param fetched what {@link #fetch} returned for it
     */
    default void release(long index, T fetched) {}

    /**
     * Names item {@code index} for error messages and reports: its key, path or index.
     *
     * @param index the item index
     * @return a short human-readable name of the item
     */
    default String describe(long index) {
        return "item " + index;
    }

    /**
     * Returns what this source counted since it was created: retried requests, cache hits and
     * misses, bodies that failed their checksum and, for a streamed {@link ShardedSource}, the
     * shard bytes it holds. The default is {@link SourceStats#ZERO}.
     *
     * @return the source's counts
     */
    default SourceStats stats() {
        return SourceStats.ZERO;
    }

    /**
     * Returns the parts of the storage this source left out when it was opened because they are
     * damaged (a tar shard that is not a tar, is truncated or has a bad header checksum), each as
     * the {@link BadItemException} naming it. {@code ConcurrentDataset} throws the first when it
     * prepares the source under {@code BadItemPolicy.FAIL}; under {@code SKIP} it names each once
     * in a warning and reads the other items. The default is an empty list.
     *
     * @return the damaged parts left out, empty if none
     */
    default List<BadItemException> damaged() {
        return List.of();
    }

    /** Releases what the source holds (clients, connection pools); the default holds nothing. */
    @Override
    default void close() {}
}
