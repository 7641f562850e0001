package dev.asyncdataset;

import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.internal.mix.MixedSource;
import dev.asyncdataset.internal.mix.Mixing;
import dev.asyncdataset.internal.order.EpochSampler;
import dev.asyncdataset.internal.order.GlobalOrder;
import dev.asyncdataset.internal.order.ShardStreaming;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;

/**
 * The sampling options of a {@link ConcurrentDatasetBuilder} (seeded sampling, ranks, resuming,
 * shard streaming, mixing), each checked by the builder as it is set, and what {@code build()}
 * makes of them: the seeded sampler and the rank-independent order of an epoch.
 */
final class SamplingOptions {

    /** The batch size of {@code setSampling(batchSize, ...)}, or 0 for a sampler of the user's. */
    int batchSize;

    boolean shuffle;
    boolean dropLast;
    int rank;
    int worldSize = 1;
    boolean dropRemainder;
    IterationState resume;
    Long seed;
    int windowShards = ConcurrentDatasetBuilder.DEFAULT_WINDOW_SHARDS;
    Integer partitions;
    boolean randomAccess;

    /**
     * Returns the seeded sampler that {@code items} need, or {@code null} when the dataset's DJL
     * sampler samples them.
     *
     * @throws IllegalArgumentException if ranks or resuming are set without seeded sampling, or a
     *     mix without a batch size
     */
    EpochSampler sampler(ItemSource<?> items) {
        boolean seeded = seed != null && batchSize > 0;
        if ((worldSize > 1 || resume != null) && !seeded) {
            throw new IllegalArgumentException(
                    "optShard and optResumeFrom need optSeed and "
                            + "setSampling(batchSize, shuffle[, dropLast])");
        }
        boolean mix = items instanceof MixedSource;
        if (mix && batchSize == 0) {
            throw new IllegalArgumentException(
                    "addSource needs setSampling(batchSize, shuffle[, dropLast])");
        }
        return seeded || streamed(items) || mix
                ? new EpochSampler(batchSize, shuffle, dropLast, rank, worldSize, dropRemainder)
                : null;
    }

    /**
     * Returns the global order of streamed shards or of a mix, or {@code null} for random access.
     *
     * @throws IllegalArgumentException if the canonical partitions differ from the resumed state's
     */
    GlobalOrder global(ItemSource<?> items, EpochSampler sampler) {
        int dealt = ShardStreaming.partitions(partitions, resume, worldSize);
        if (streamed(items)) {
            return new ShardStreaming((ShardedSource<?>) items, windowShards, dealt, sampler);
        }
        if (items instanceof MixedSource<?> mix) {
            return new Mixing(mix, sampler, windowShards, dealt, randomAccess);
        }
        return null;
    }

    private boolean streamed(ItemSource<?> items) {
        return items instanceof ShardedSource && !randomAccess && batchSize > 0;
    }
}
