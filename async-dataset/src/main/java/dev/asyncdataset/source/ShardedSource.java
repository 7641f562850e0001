package dev.asyncdataset.source;

/**
 * An item source whose items are stored in shards and can be streamed: read a whole shard at a time
 * and served from memory, instead of one read per item. Items are numbered shard by shard: shard
 * 0's samples first, in archive order, then shard 1's, and so on. {@code ConcurrentDataset} streams
 * such a source by default, in the order of {@link ShuffleWindows}, and reads it by random access
 * only when asked to ({@code optRandomAccess}).
 *
 * <p><b>Memory bound.</b> A streamed epoch loads a shard when the first of its samples is fetched
 * and drops it once the last one it reads from it is fetched. Every batch before the oldest batch
 * in flight is done, so the shards resident at once are those of the shuffle windows that the
 * {@code inFlight} items of the batches in flight span, in each canonical partition the rank reads
 * (it reads them in lockstep: {@link ShuffleWindows} interleaves them). Let {@code inFlight =
 * batchesInFlight * batchSize}, where {@code batchesInFlight} is {@code optWorkers} with fixed
 * fetchers, and at most {@code max(workers, ceil(maxFetchers / batchSize) + 1)} under AUTO; let
 * {@code g = gcd(C, W)} for {@code C} partitions and {@code W} ranks, so that a rank reads {@code P
 * = C / g} partitions and {@code g / W} of each one's samples; and let {@code itemsPerWindow} be
 * the fewest items one window of K shards of a partition gives this rank (about {@code K *
 * samplesPerShard * g / W}: all of the window's samples when {@code W} divides {@code C}). Then at
 * most {@code P * (1 + ceil((inFlight - 1) / itemsPerWindow)) * K * largestShardBytes} bytes are
 * resident: {@code (C / W) * 2 * K * largestShardBytes} (the window being finished and the next,
 * per partition) when {@code W} divides {@code C} and {@code inFlight <= itemsPerWindow}. {@link
 * #residentBytes()} reports the bytes held now and {@link #peakResidentBytes()} the most held at
 * once in the epoch.
 *
 * @param <T> what the fetch step hands to the decode step
 */
public interface ShardedSource<T> extends ItemSource<T> {

    /**
     * Returns the number of samples of each shard, in shard order.
     *
     * @return the samples per shard
     */
    long[] shardSizes();

    /**
     * Returns a view of this source for one epoch that reads {@code items} (each at most once, in
     * about this order) from whole shards held in memory, except {@code items[streamed]} onwards
     * (the padding that repeats other ranks' samples), which it reads by random access. The view
     * answers {@code size}, {@code decode} and {@code describe} as this source does.
     *
     * @param items the items the epoch will fetch, in read order
     * @param streamed how many leading items to read from whole shards
     * @return the epoch's view
     */
    ItemSource<T> streamed(long[] items, int streamed);
}
