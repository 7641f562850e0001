package dev.asyncdataset;

import dev.asyncdataset.internal.StatsCounter;

/**
 * A snapshot of what a {@link ConcurrentDataset} has delivered so far, over all its epochs.
 *
 * @param batches batches handed to the trainer
 * @param items items in those batches
 * @param skippedItems bad items left out under {@link BadItemPolicy#SKIP}
 * @param dataWaitNanos time the trainer's thread spent waiting inside the batch iterator's {@code
 *     hasNext} and {@code next}
 */
public record LoaderStats(long batches, long items, long skippedItems, long dataWaitNanos) {

    static LoaderStats of(StatsCounter counter) {
        return new LoaderStats(
                counter.batches(), counter.items(), counter.skipped(), counter.waitNanos());
    }
}
