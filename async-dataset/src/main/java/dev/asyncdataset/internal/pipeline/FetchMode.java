package dev.asyncdataset.internal.pipeline;

/** How the fetch stage calls {@code ItemSource.fetch}, chosen once for a dataset. */
public enum FetchMode {
    /** Every item of a batch on its own virtual thread, up to the fetch limit. */
    CONCURRENT,
    /** One item at a time on one platform thread, in the sampler's order. */
    SEQUENTIAL,
    /**
     * As {@link #SEQUENTIAL}, and each item decoded and its batch collated on that thread too: for
     * in-memory items, whose fetch and decode are too cheap to hand from thread to thread.
     */
    INLINE
}
