package dev.asyncdataset.internal.shard;

import java.util.function.LongToIntFunction;

/**
 * A source of shards that can serve an epoch from whole shards held in memory: the loader's hook
 * into the library's tar shard and Parquet sources, kept off the public {@code ShardedSource}
 * contract. The loader builds the epoch's view ({@code internal.order.ShardStream}) from what
 * {@link #streamedEpoch} gives. For any other sharded source the loader keeps the streamed order
 * and reads each item from the source itself.
 *
 * @param <T> what the source's fetch step hands to its decode step
 */
public interface StreamableShards<T> {

    /**
     * Returns how one streamed epoch reads this source's shards whole and cuts its items out of
     * them; called once per epoch, so that what the cut keeps lives for that epoch only.
     *
     * @return the epoch's shard reads and cut
     */
    ShardEpoch<T> streamedEpoch();

    /**
     * Returns the rank, within its shard, of the piece a streamed epoch reads item {@code i} in: 0
     * for every item of a source that reads its shards whole. The epoch order then takes each
     * shuffle window round by round, one piece of each of its shards at a time ({@link
     * ShuffleWindows}).
     *
     * @return the piece rank of each item, from 0
     */
    default LongToIntFunction pieceRank() {
        return item -> 0;
    }

    /**
     * Returns {@code source}'s {@link #pieceRank} if it is streamed from shards held in memory,
     * else 0 for every item.
     *
     * @param source a sharded source
     * @return the piece rank of each item
     */
    static LongToIntFunction pieceRank(Object source) {
        return source instanceof StreamableShards<?> streamable
                ? streamable.pieceRank()
                : item -> 0;
    }
}
