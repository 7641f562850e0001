package dev.asyncdataset.internal.shard;

import java.util.function.LongToIntFunction;

/**
 * How a streamed epoch ({@link ShardEpoch}) reads a source's shards whole: which shard each item is
 * in, how a shard is read into a buffer, and the source's buffers.
 *
 * @param unit what a shard is called in messages ({@code "shard"}, {@code "row group"})
 * @param shardOf the shard of an item
 * @param shardCount the number of shards
 * @param reader reads one whole shard into a buffer
 * @param buffers the source's shard buffers
 */
public record ShardReads(
        String unit,
        LongToIntFunction shardOf,
        int shardCount,
        ShardLoader.ShardReader reader,
        ShardBuffers buffers) {}
