package dev.asyncdataset.internal.order;

import dev.asyncdataset.internal.pipeline.LoaderSpec;
import java.util.Iterator;
import java.util.List;

/**
 * An epoch order that does not depend on the number of ranks: at each step the ranks together take
 * the next {@code worldSize} positions of it, rank {@code r} the {@code r}-th. Where a run is, is
 * then a global position: the epoch's samples that all ranks together have consumed. After every
 * rank has taken {@code b} full batches from position {@code p}, that is {@code p + b * batchSize *
 * worldSize}, whatever the world size, so a saved position resumes at any other (elastic resume).
 * Streamed shards ({@link ShardStreaming}) and mixed sources ({@code mix.Mixing}) are read this
 * way.
 */
public interface GlobalOrder {

    /**
     * One epoch of one rank.
     *
     * @param spec the loader's configuration, reading through the epoch's own view of the source
     * @param batches the rank's batches
     * @param total the rank's items in the whole epoch, for DJL's progress
     * @param consumed the rank's share of the items consumed before this run
     */
    record Epoch(LoaderSpec spec, Iterator<List<Long>> batches, long total, long consumed) {

        /**
         * Returns the epoch of a rank that reads {@code items} as {@code spec} says, starting at
         * global position {@code position}.
         *
         * @param spec the loader's configuration, reading through the epoch's view of the source
         * @param items the rank's items, in order
         * @param position the epoch's samples consumed by all ranks before this run
         * @param sampler batch size, rank and world size
         * @return the epoch
         */
        public static Epoch of(LoaderSpec spec, long[] items, long position, EpochSampler sampler) {
            long consumed = position / sampler.worldSize();
            return new Epoch(
                    spec, sampler.batches(items).iterator(), consumed + items.length, consumed);
        }
    }

    /**
     * Plans the epoch that starts at global position {@code position}.
     *
     * @param spec the loader's configuration
     * @param epoch the epoch
     * @param position the epoch's samples consumed by all ranks before this run
     * @return the epoch
     */
    Epoch epoch(LoaderSpec spec, long epoch, long position);

    /**
     * Returns the global position after every rank took {@code batches} batches from {@code start}.
     *
     * @param start the position the epoch started at
     * @param batches the batches each rank took since
     * @return the epoch's samples consumed by all ranks
     */
    long position(long start, long batches);

    /**
     * Returns the canonical partitions the order of sharded sources is dealt to, saved with the
     * position.
     *
     * @return the canonical partitions
     */
    int partitions();
}
