package dev.asyncdataset.internal;

/**
 * The epoch a dataset is running. DJL never closes an epoch's iterable, so an epoch left with
 * {@code break} would hold its threads and memory until a garbage collection; starting the next
 * epoch of the same dataset closes it instead. Only the loader is held, never the iterator, so an
 * abandoned last epoch is still freed by the cleaner.
 */
public final class CurrentEpoch {

    private EpochLoader current;

    /**
     * Makes {@code next} the current epoch, closing the previous one's loader: its iterator's
     * {@code hasNext} and {@code next} then throw a {@code DataLoadingException}, unless it had
     * already ended.
     *
     * @param next the new epoch
     * @return {@code next}
     */
    public BatchIterable replace(BatchIterable next) {
        EpochLoader previous;
        synchronized (this) {
            previous = current;
            current = next.loader();
        }
        if (previous != null) {
            previous.supersede();
        }
        return next;
    }
}
