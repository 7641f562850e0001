package dev.asyncdataset.internal.pipeline;

import dev.asyncdataset.epoch.LoaderStats;
import java.util.List;

/**
 * The counters of one epoch per source of its items ({@link ItemOrigins#counters()}), kept beside
 * the epoch's own by {@link StatsCounter}: items handed out, bytes fetched, bad items skipped and
 * the trainer's data wait.
 */
public interface SourceCounters {

    /**
     * Item {@code item} of the epoch was fetched.
     *
     * @param item the item's index in the epoch's source
     * @param length the bytes fetched
     */
    void fetched(long item, long length);

    /**
     * Item {@code item} of the epoch was skipped as bad.
     *
     * @param item the item's index in the epoch's source
     */
    void skipped(long item);

    /**
     * A batch went to the trainer.
     *
     * @param indices its items, as the batch reports them ({@link ItemOrigins#batchIndex})
     */
    void handedOut(List<?> indices);

    /**
     * The trainer waited for a batch.
     *
     * @param lastItem the item that completed the batch, as the batch reports it
     * @param nanos how long it waited
     */
    void waited(long lastItem, long nanos);

    /**
     * Returns the counts.
     *
     * @return one entry per source, in source order
     */
    List<LoaderStats.SourceCounts> counts();
}
