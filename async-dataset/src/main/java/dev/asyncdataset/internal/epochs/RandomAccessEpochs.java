package dev.asyncdataset.internal.epochs;

import dev.asyncdataset.source.ItemSource;

/**
 * A source that serves each random-access epoch through a view of its own, which knows the items
 * that epoch has fetched: the loader's hook into the library's Parquet sources, kept off the public
 * {@code ItemSource} contract. {@link DatasetEpochs} fetches a random-access epoch's items through
 * the view and closes it with the epoch; any other source is read directly.
 *
 * @param <T> what the source's fetch step hands to its decode step
 */
public interface RandomAccessEpochs<T> {

    /**
     * Returns the view one random-access epoch fetches its items through, each once or more, and
     * closes once its fetches stopped; or this source itself if it keeps no view.
     *
     * @return the epoch's view
     */
    ItemSource<T> randomAccessEpoch();
}
