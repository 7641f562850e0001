package dev.asyncdataset.internal;

import java.util.concurrent.atomic.AtomicLong;

/** The loader's running counters, shared by all epochs of one dataset; updated from any thread. */
public final class StatsCounter {

    final AtomicLong batches = new AtomicLong();
    final AtomicLong items = new AtomicLong();
    final AtomicLong skipped = new AtomicLong();
    final AtomicLong waitNanos = new AtomicLong();

    /**
     * Returns the number of batches handed to the trainer.
     *
     * @return the delivered batches
     */
    public long batches() {
        return batches.get();
    }

    /**
     * Returns the number of items in the batches handed to the trainer.
     *
     * @return the delivered items
     */
    public long items() {
        return items.get();
    }

    /**
     * Returns the number of bad items skipped.
     *
     * @return the skipped items
     */
    public long skipped() {
        return skipped.get();
    }

    /**
     * Returns the nanoseconds the trainer's thread spent in the iterator's {@code hasNext} and
     * {@code next}.
     *
     * @return the trainer's data-wait time
     */
    public long waitNanos() {
        return waitNanos.get();
    }
}
