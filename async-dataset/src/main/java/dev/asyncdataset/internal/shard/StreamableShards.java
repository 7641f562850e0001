package dev.asyncdataset.internal.shard;

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
}
