package dev.asyncdataset.internal;

/**
 * Where the epochs of a dataset are: the epoch, its batches handed out and, when streaming shards,
 * the samples all ranks consumed and the canonical partitions they were counted in. The loader's
 * own form of the public {@code IterationState}, which adds the seed.
 *
 * @param epoch the epoch, counted from 0
 * @param batches the batches of the epoch handed to the trainer
 * @param samples the samples of the epoch consumed by all ranks, or -1 when not streaming
 * @param partitions the canonical partitions of {@code samples}, or 0 when not streaming
 */
public record EpochPosition(long epoch, long batches, long samples, int partitions) {

    /**
     * Returns a position in an epoch read in random access.
     *
     * @param epoch the epoch
     * @param batches the batches of it handed out
     * @return the position
     */
    static EpochPosition randomAccess(long epoch, long batches) {
        return new EpochPosition(epoch, batches, -1, 0);
    }
}
