package dev.asyncdataset.internal.shard;

/**
 * A source that serves each random-access epoch through a view of its own, which knows the items
 * that epoch has fetched: the loader's hook into the library's Parquet sources, kept off the public
 * {@code ItemSource} contract, as {@link StreamableShards} is for streamed epochs. The loader
 * fetches a random-access epoch's items through the view and closes it with the epoch; any other
 * source is read directly.
 *
 * @param <V> the view: an {@code ItemSource} of the source's items
 */
public interface RandomAccessEpochs<V extends AutoCloseable> {

    /**
     * Returns the view one random-access epoch fetches its items through, each once or more, and
     * closes once its fetches stopped; or this source itself if it keeps no view.
     *
     * @return the epoch's view
     */
    V randomAccessEpoch();
}
