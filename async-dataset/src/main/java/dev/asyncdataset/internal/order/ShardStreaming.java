package dev.asyncdataset.internal.order;

import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.internal.pipeline.LoaderSpec;
import dev.asyncdataset.internal.shard.ShuffleWindows;
import dev.asyncdataset.internal.shard.StreamableShards;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;

/**
 * Shard streaming for a {@code ConcurrentDataset} over a {@link ShardedSource}: each epoch's order
 * comes from {@link ShuffleWindows} (shards permuted and dealt to {@code partitions} canonical
 * partitions, samples shuffled within windows of {@code windowShards} shards of a partition, the
 * partitions interleaved into one global order and the ranks interleaved on it), and its items are
 * fetched through the source's streamed view of that epoch, which reads each of the rank's shards
 * whole once ({@link StreamableShards}: the tar shard sources), or from the source itself.
 *
 * <p>Where a run is, is a global position ({@link GlobalOrder}), which resumes at any world size.
 *
 * @param source the sharded source
 * @param windowShards the shards of one shuffle window
 * @param partitions the canonical partitions
 * @param sampler batch size, shuffling, rank and world size
 */
public record ShardStreaming(
        ShardedSource<?> source, int windowShards, int partitions, EpochSampler sampler)
        implements GlobalOrder {

    /**
     * Returns the canonical partitions of a run: those of the streamed state it resumes, else the
     * ones chosen, else the world size (so that each rank reads only its own shards).
     *
     * @param chosen the partitions set on the builder, or null
     * @param resume the state the run resumes from, or null
     * @param worldSize the number of ranks
     * @return the partitions
     * @throws IllegalArgumentException if {@code chosen} differs from the resumed state's
     */
    public static int partitions(Integer chosen, IterationState resume, int worldSize) {
        if (resume == null || resume.partitions() == 0) {
            return chosen != null ? chosen : worldSize;
        }
        if (chosen != null && chosen != resume.partitions()) {
            throw new IllegalArgumentException(
                    "optCanonicalPartitions("
                            + chosen
                            + ") differs from the resumed state's partitions="
                            + resume.partitions()
                            + ": the epoch order would change");
        }
        return resume.partitions();
    }

    @Override
    public Epoch epoch(LoaderSpec spec, long epoch, long position) {
        ShuffleWindows windows =
                new ShuffleWindows(
                        source.shardSizes(),
                        StreamableShards.pieceRank(source),
                        windowShards,
                        partitions,
                        spec.seed(),
                        sampler.shuffle());
        int rank = sampler.rank();
        int world = sampler.worldSize();
        long[] items = windows.rankOrder(epoch, position, rank, world, sampler.dropRemainder());
        int own = (int) Math.min(items.length, windows.ownCount(position, rank, world));
        ItemSource<?> view =
                source instanceof StreamableShards<?> ? ShardStream.of(source, items, own) : source;
        return Epoch.of(spec.withSource(view), items, position, sampler);
    }

    @Override
    public long position(long start, long batches) {
        long taken = batches * sampler.batchSize() * sampler.worldSize();
        return Math.min(source.size(), start + taken);
    }
}
