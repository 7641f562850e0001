package dev.asyncdataset.internal.shard;

/**
 * A source of shards that can serve an epoch from whole shards held in memory: the loader's hook
 * into the library's tar shard sources, kept off the public {@code ShardedSource} contract. For any
 * other sharded source the loader keeps the streamed order and reads each item from the source
 * itself.
 *
 * @param <V> the epoch's view, the source's own kind of item source
 */
public interface StreamableShards<V> {

    /**
     * Returns a view of this source for one epoch that reads {@code items} (each at most once, in
     * about this order) from whole shards held in memory, except {@code items[streamed]} onwards
     * (the padding that repeats other ranks' samples), which it reads by random access. The view
     * answers {@code size}, {@code decode} and {@code describe} as the source does, and gives its
     * shard buffers back when closed.
     *
     * @param items the items the epoch will fetch, in read order
     * @param streamed how many leading items to read from whole shards
     * @return the epoch's view
     */
    V streamed(long[] items, int streamed);
}
