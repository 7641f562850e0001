package dev.asyncdataset.internal;

/**
 * Why an epoch cannot deliver its next batch: an item failed and bad items are not skipped, storage
 * kept failing, a batch could not be stacked or staged, or the epoch was interrupted, closed or
 * evicted. Thrown by {@link EpochIterator}; {@code ConcurrentDataset} hands it to the trainer as
 * the public {@code DataLoadingException}, with the same batch, item, key, message and cause.
 */
public final class LoadFailure extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    private final long batch;
    private final long index;
    private final String key;

    /**
     * Creates a failure about one item.
     *
     * @param batch the batch number in the epoch, or -1 if unknown
     * @param index the item index, or -1 if the failure is not about one item
     * @param key the item's key or path, or {@code null}
     * @param message what went wrong
     * @param cause the underlying error, or {@code null}
     */
    public LoadFailure(long batch, long index, String key, String message, Throwable cause) {
        super(message, cause);
        this.batch = batch;
        this.index = index;
        this.key = key;
    }

    /**
     * Creates a failure that is not about one item.
     *
     * @param message what went wrong
     * @param cause the underlying error, or {@code null}
     */
    public LoadFailure(String message, Throwable cause) {
        this(-1, -1, null, message, cause);
    }

    /**
     * Returns the batch number in the epoch, or -1.
     *
     * @return the batch number
     */
    public long batch() {
        return batch;
    }

    /**
     * Returns the failed item's index, or -1.
     *
     * @return the item index
     */
    public long index() {
        return index;
    }

    /**
     * Returns the failed item's key or path, or {@code null}.
     *
     * @return the key
     */
    public String key() {
        return key;
    }
}
