package dev.asyncdataset.internal.shard;

import java.io.IOException;

/**
 * What one streamed epoch of a source needs from it: how its shards are read whole, and how an item
 * is cut out of its shard's bytes (with whatever the source keeps for the epoch).
 *
 * @param reads how the source's shards are read
 * @param cut cuts an item out of its shard's bytes
 * @param <T> what the source's fetch step hands to its decode step
 */
public record ShardEpoch<T>(ShardReads reads, Cut<T> cut) {

    /** Cuts what an item's fetch hands on out of its shard's bytes. */
    @FunctionalInterface
    public interface Cut<T> {

        /**
         * Cuts what item {@code index}'s fetch hands on from the first {@code length} bytes of its
         * shard.
         */
        T cut(long index, byte[] shard, int length) throws IOException, InterruptedException;
    }
}
