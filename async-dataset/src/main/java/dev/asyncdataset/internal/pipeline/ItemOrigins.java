package dev.asyncdataset.internal.pipeline;

import dev.asyncdataset.source.ItemSource;

/**
 * Where the items of an epoch's source come from, as far as the stages need it beyond {@link
 * ItemSource}: the name of each item's source, for the events; the index a batch reports for it;
 * and the counters kept per source. A source of its own items has {@link #ONE}; the epoch of a mix
 * answers for its sources. It reaches the stages with the source, through {@link
 * LoaderSpec#origins()}, so that no stage asks what kind of source it reads.
 */
public interface ItemOrigins {

    /** The items of one source: no source name, each reported by its own index, no counters. */
    ItemOrigins ONE = new ItemOrigins() {};

    /**
     * Returns the name of the source an item comes from.
     *
     * @param item the item's index in the epoch's source
     * @return the source's name, or {@code null} when all items come from one source
     */
    default String sourceName(long item) {
        return null;
    }

    /**
     * Returns the index a batch reports for an item ({@code Batch.getIndices}).
     *
     * @param item the item's index in the epoch's source
     * @return the index the batch reports
     */
    default long batchIndex(long item) {
        return item;
    }

    /**
     * Returns new counters per source, for one epoch.
     *
     * @return the counters, or {@code null} when all items come from one source
     */
    default SourceCounters counters() {
        return null;
    }
}
