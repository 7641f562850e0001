package dev.asyncdataset.internal.mix;

import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.internal.pipeline.SourceCounters;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The counters of each source of a mixed epoch: items handed to the trainer, bytes fetched, bad
 * items skipped, and the trainer's data wait, each wait charged to the source whose item completed
 * the batch waited for (the last slot filled or skipped), so that the waits of all sources add up
 * to the epoch's data wait while a batch was awaited.
 */
final class SourceTally implements SourceCounters {

    private final MixedEpoch<?> epoch;
    private final AtomicLongArray items;
    private final AtomicLongArray bytes;
    private final AtomicLongArray skipped;
    private final AtomicLongArray waitNanos;

    SourceTally(MixedEpoch<?> epoch) {
        int sources = epoch.names().size();
        this.epoch = epoch;
        this.items = new AtomicLongArray(sources);
        this.bytes = new AtomicLongArray(sources);
        this.skipped = new AtomicLongArray(sources);
        this.waitNanos = new AtomicLongArray(sources);
    }

    /** Item {@code position} of the epoch was fetched, {@code length} bytes. */
    @Override
    public void fetched(long position, long length) {
        bytes.addAndGet(epoch.sourceOf(position), length);
    }

    /** Item {@code position} of the epoch was skipped as bad. */
    @Override
    public void skipped(long position) {
        skipped.incrementAndGet(epoch.sourceOf(position));
    }

    /** A batch of the items {@code indices} (numbered in the mix) went to the trainer. */
    @Override
    public void handedOut(List<?> indices) {
        for (Object index : indices) {
            items.incrementAndGet(epoch.mix().sourceOf((Long) index));
        }
    }

    /** The trainer waited {@code nanos} for a batch whose last item was {@code lastItem}. */
    @Override
    public void waited(long lastItem, long nanos) {
        waitNanos.addAndGet(epoch.mix().sourceOf(lastItem), nanos);
    }

    @Override
    public List<LoaderStats.SourceCounts> counts() {
        List<LoaderStats.SourceCounts> all = new ArrayList<>();
        for (int s = 0; s < items.length(); s++) {
            all.add(
                    new LoaderStats.SourceCounts(
                            epoch.names().get(s),
                            items.get(s),
                            bytes.get(s),
                            skipped.get(s),
                            waitNanos.get(s)));
        }
        return all;
    }
}
