package dev.asyncdataset.internal;

import dev.asyncdataset.epoch.LoaderStats;
import java.util.List;

/**
 * The loader's counters of one epoch at one moment, as {@link StatsCounter#counts} reads them; the
 * public {@code LoaderStats} adds the source's counters and documents each value.
 *
 * @param epoch the epoch, counted from 0
 * @param batches batches handed to the trainer
 * @param items items in those batches
 * @param bytes bytes fetched
 * @param skippedItems bad items skipped
 * @param wallNanos time since the trainer first asked for a batch, to the epoch's end or now
 * @param dataWaitNanos time the trainer's thread waited for batches
 * @param fetchP50Millis median item fetch time
 * @param fetchP95Millis 95th percentile of the item fetch time
 * @param fetchP99Millis 99th percentile of the item fetch time
 * @param decodeMillisPerItem mean decode-stage time per item
 * @param batchesInFlight batches being fetched or decoded
 * @param batchesReady batches staged and not yet taken
 * @param fetchLimit the item fetches allowed at once
 * @param bufferPath how batches are assembled ({@link BatchAssembly#bufferPath})
 * @param hostBytesHeld bytes of recycled host batch buffers held
 * @param sources each source's counters in a mix, else empty
 */
public record EpochCounts(
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
        String bufferPath,
        long hostBytesHeld,
        List<LoaderStats.SourceCounts> sources) {}
