package dev.asyncdataset.internal.shard;

import java.io.IOException;

/**
 * What one streamed epoch of a source needs from it: how its shards are read whole, and how an item
 * is cut out of its shard's bytes (with whatever the source keeps for the epoch).
 *
 * @param reads how the source's shards are read
 * @param cuts the cut of an epoch, given how many items it takes from each shard
 * @param <T> what the source's fetch step hands to its decode step
 */
public record ShardEpoch<T>(ShardReads reads, Cuts<T> cuts) {

    /** An epoch whose items are cut by {@code cut}, whatever it takes from each shard. */
    public ShardEpoch(ShardReads reads, Cut<T> cut) {
        this(reads, items -> cut);
    }

    /** Makes the cut of one epoch. */
    @FunctionalInterface
    public interface Cuts<T> {

        /**
         * The cut of an epoch that takes {@code items[s]} items of shard {@code s}, each cut once
         * and, if the cut succeeded, released once.
         */
        Cut<T> start(int[] items);
    }

    /** Cuts what an item's fetch hands on out of its shard's bytes. */
    @FunctionalInterface
    public interface Cut<T> {

        /**
         * Cuts what item {@code index}'s fetch hands on from the first {@code length} bytes of its
         * shard.
         */
        T cut(long index, byte[] shard, int length) throws IOException, InterruptedException;

        /** Takes back what {@link #cut} returned for item {@code index}, once nothing reads it. */
        default void release(long index, T fetched) {}

        /** Ends the epoch, once its fetches stopped; values cut may still be released after. */
        default void end() {}
    }
}
