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
 * @param decodesOnLoad whether {@code reader} also decodes and keeps, for the epoch, all that its
 *     items need of the unit (as Parquet row groups are), so that its buffer goes back as the load
 *     ends and at most {@link #DECODING_LOADS} loads run at once
 */
public record ShardReads(
        String unit,
        LongToIntFunction shardOf,
        int shardCount,
        ShardLoader.ShardReader reader,
        ShardBuffers buffers,
        boolean roundAhead,
        boolean decodesOnLoad) {

    /** The most loads at once of units decoded on load, each holding a buffer until it ends. */
    static final int DECODING_LOADS = 2;

    /** Reads whole shards, one read ahead. */
    public ShardReads(
            String unit,
            LongToIntFunction shardOf,
            int shardCount,
            ShardLoader.ShardReader reader,
            ShardBuffers buffers) {
        this(unit, shardOf, shardCount, reader, buffers, false, false);
    }

    /** Reads shards, or pieces, that the epoch's cut decodes, one read ahead or a round ahead. */
    public ShardReads(
            String unit,
            LongToIntFunction shardOf,
            int shardCount,
            ShardLoader.ShardReader reader,
            ShardBuffers buffers,
            boolean roundAhead) {
        this(unit, shardOf, shardCount, reader, buffers, roundAhead, false);
    }

    /** How many units the epoch reads ahead of those live at once, given the most live. */
    int ahead(int maxLive) {
        return roundAhead ? Math.max(1, maxLive) : 1;
    }

    /** How many units the epoch loads at once, given the most live. */
    int loadsAtOnce(int maxLive) {
        return decodesOnLoad
                ? Math.min(DECODING_LOADS, Math.max(1, maxLive))
                : Math.max(1, maxLive);
    }
}
