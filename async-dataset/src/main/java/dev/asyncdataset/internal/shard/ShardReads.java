package dev.asyncdataset.internal.shard;

import java.util.function.LongToIntFunction;

/**
 * How a streamed epoch ({@link ShardEpoch}) reads a source's shards: which shard (or piece of one)
 * each item is in, how it is read into a buffer, the source's buffers, and how far to read ahead.
 *
 * @param unit what a shard is called in messages ({@code "shard"}, {@code "row group"})
 * @param shardOf the shard, or piece, of an item
 * @param shardCount the number of shards, or pieces
 * @param reader reads one shard, or piece, into a buffer
 * @param buffers the source's shard buffers
 * @param roundAhead whether the epoch reads a whole round ahead (as many units as are live at once,
 *     for shards read in pieces, whose rounds are short), not one unit
 */
public record ShardReads(
        String unit,
        LongToIntFunction shardOf,
        int shardCount,
        ShardLoader.ShardReader reader,
        ShardBuffers buffers,
        boolean roundAhead) {

    /** Reads whole shards, one read ahead. */
    public ShardReads(
            String unit,
            LongToIntFunction shardOf,
            int shardCount,
            ShardLoader.ShardReader reader,
            ShardBuffers buffers) {
        this(unit, shardOf, shardCount, reader, buffers, false);
    }

    /** How many units the epoch reads ahead of those live at once, given the most live. */
    int ahead(int maxLive) {
        return roundAhead ? Math.max(1, maxLive) : 1;
    }
}
