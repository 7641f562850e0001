package dev.asyncdataset.epoch;

import dev.asyncdataset.source.SourceStats;
import java.util.List;

/**
 * What one epoch of a {@link dev.asyncdataset.ConcurrentDataset} has done so far: a snapshot, taken
 * without stopping the loader.
 *
 * @param epoch the epoch, counted from 0
 * @param batches batches handed to the trainer
 * @param items items in those batches
 * @param bytes bytes fetched: the remaining bytes of each {@code ByteBuffer} and the length of each
 *     {@code byte[]} a fetch returned (an image source's encoded bodies); what a source fetches as
 *     anything else (samples, arrays) is not counted
 * @param skippedItems bad items left out under {@link dev.asyncdataset.BadItemPolicy#SKIP}
 * @param wallNanos time since the trainer first asked for a batch, to the epoch's end or now
 * @param dataWaitNanos time the trainer's thread spent inside the iterator's {@code hasNext} and
 *     {@code next}
 * @param fetchP50Millis median time of one item fetch
 * @param fetchP95Millis 95th percentile of the item fetch time
 * @param fetchP99Millis 99th percentile of the item fetch time
 * @param decodeMillisPerItem mean CPU-stage time per item (decode and per-item transforms)
 * @param batchesInFlight batches being fetched or decoded now
 * @param batchesReady batches ready on the device that the trainer has not taken yet
 * @param fetchLimit the item fetches allowed at once now: the fixed number, or AUTO's current
 *     choice
 * @param sourceStats what the source counted: its retries, cache hits and misses and checksum
 *     failures since the epoch started; the bytes of shard buffers the epoch holds now (whole
 *     buffers, each of the largest shard's length; 0 once the epoch is closed) and the most it held
 *     at once (bounded as {@link dev.asyncdataset.source.ShardedSource} states; between epochs the
 *     source keeps up to that many free buffers for reuse), when streaming shards
 * @param bufferPath how batches are built: {@code "recycled"} (items decoded straight into reused
 *     host batch buffers, one array per field per batch), {@code "recycled-normalized"} (the same,
 *     each batch normalized into a reused float buffer as it is staged, for {@code
 *     ImageRecipes.deviceNormalize()} on a CPU device) or {@code "per-item"} (an array per item,
 *     stacked into the batch); see {@link
 *     dev.asyncdataset.ConcurrentDatasetBuilder#optRecycleBuffers}
 * @param hostBytesHeld bytes of the recycled host batch buffers the dataset holds, free or in use;
 *     0 on the per-item path
 * @param damagedParts parts of the source left out when it was opened because they are damaged
 *     (such as a truncated tar shard; {@link dev.asyncdataset.source.ItemSource#damaged}), read
 *     under {@link dev.asyncdataset.BadItemPolicy#SKIP} without their items
 * @param sources what each source of a mix ({@link
 *     dev.asyncdataset.ConcurrentDatasetBuilder#addSource}) did this epoch, in the order the
 *     sources were added; empty with one source
 */
public record LoaderStats(
        long epoch,
        long batches,
        long items,
        long bytes,
        long skippedItems,
        long wallNanos,
        long dataWaitNanos,
        double fetchP50Millis,
        double fetchP95Millis,
        double fetchP99Millis,
        double decodeMillisPerItem,
        int batchesInFlight,
        int batchesReady,
        int fetchLimit,
        SourceStats sourceStats,
        String bufferPath,
        long hostBytesHeld,
        int damagedParts,
        List<SourceCounts> sources) {

    /**
     * What one source of a mix did in an epoch so far.
     *
     * @param name the source's name ({@link dev.asyncdataset.ConcurrentDatasetBuilder#addSource})
     * @param items its items in the batches handed to the trainer
     * @param bytes bytes fetched from it, counted as the epoch's {@link LoaderStats#bytes()}
     * @param skippedItems its bad items left out under {@link dev.asyncdataset.BadItemPolicy#SKIP}
     * @param dataWaitNanos the trainer's data wait charged to it: each wait for a batch goes to the
     *     source of the item that completed the batch last, so the sources' waits add up to the
     *     epoch's wait for batches, and the source the trainer waits on stands out
     */
    public record SourceCounts(
            String name, long items, long bytes, long skippedItems, long dataWaitNanos) {}

    /** Keeps an unmodifiable copy of the per-source counts. */
    public LoaderStats {
        sources = List.copyOf(sources);
    }

    /**
     * Returns the items delivered per second of wall time.
     *
     * @return the throughput in items per second, 0 before the first batch
     */
    public double itemsPerSecond() {
        return perSecond(items);
    }

    /**
     * Returns the share of wall time the trainer's thread spent waiting for data, 0 to 1.
     *
     * @return the data-wait share
     */
    public double dataWaitShare() {
        return wallNanos == 0 ? 0 : Math.min(1, (double) dataWaitNanos / wallNanos);
    }

    private double perSecond(long count) {
        return wallNanos == 0 ? 0 : count * 1e9 / wallNanos;
    }
}
