package dev.asyncdataset.internal;

import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.ShuffleWindows;
import java.util.Iterator;
import java.util.List;

/**
 * Shard streaming for a {@code ConcurrentDataset} over a {@link ShardedSource}: each epoch's order
 * comes from {@link ShuffleWindows} (shards permuted, samples shuffled within windows of {@code
 * windowShards} shards, ranks interleaved on one global order), and its items are fetched through
 * the source's streamed view of that epoch, which reads every shard whole once.
 *
 * <p>Where a run is, is a global position: the epoch's samples that all ranks together have
 * consumed. After every rank has taken {@code b} full batches from position {@code p}, that is
 * {@code p + b * batchSize * worldSize}, whatever the world size, so a saved position resumes at
 * any other (elastic resume).
 *
 * @param source the sharded source
 * @param windowShards the shards of one shuffle window
 * @param sampler batch size, shuffling, rank and world size
 */
public record ShardStreaming(ShardedSource<?> source, int windowShards, EpochSampler sampler) {

    /**
     * One streamed epoch of one rank.
     *
     * @param spec the loader's configuration, reading through the epoch's streamed view
     * @param batches the rank's batches
     * @param total the rank's items in the whole epoch, for DJL's progress
     * @param consumed the rank's share of the items consumed before this run
     */
    public record Epoch(LoaderSpec spec, Iterator<List<Long>> batches, long total, long consumed) {}

    /**
     * Plans the epoch that starts at global position {@code position}.
     *
     * @param spec the loader's configuration
     * @param epoch the epoch
     * @param position the epoch's samples consumed by all ranks before this run
     * @return the epoch
     */
    public Epoch epoch(LoaderSpec spec, long epoch, long position) {
        ShuffleWindows windows =
                new ShuffleWindows(
                        source.shardSizes(), windowShards, spec.seed(), sampler.shuffle());
        int rank = sampler.rank();
        int world = sampler.worldSize();
        long[] items = windows.rankOrder(epoch, position, rank, world, sampler.dropRemainder());
        int own = (int) Math.min(items.length, windows.ownCount(position, rank, world));
        long consumed = position / world;
        return new Epoch(
                spec.withSource(source.streamed(items, own)),
                sampler.batches(items).iterator(),
                consumed + items.length,
                consumed);
    }

    /**
     * Returns the global position after every rank took {@code batches} batches from {@code start}.
     *
     * @param start the position the epoch started at
     * @param batches the batches each rank took since
     * @return the epoch's samples consumed by all ranks
     */
    public long position(long start, long batches) {
        long taken = batches * sampler.batchSize() * sampler.worldSize();
        return Math.min(source.size(), start + taken);
    }
}
