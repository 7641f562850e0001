package dev.asyncdataset.epoch;

/**
 * Thrown on the trainer's thread, from the batch iterator's {@code hasNext()} or {@code next()},
 * when the loader cannot deliver the next batch: an item failed under {@link
 * dev.asyncdataset.BadItemPolicy#FAIL}, storage kept failing after its retries, a batch could not
 * be stacked, or the iteration was interrupted or closed. When it is thrown, every loader thread
 * has been stopped and every array the loader still held has been freed.
 *
 * <p>It is an {@link IllegalStateException}, the type DJL's own loader throws when it cannot read a
 * batch, so existing {@code catch (IllegalStateException e)} blocks keep working.
 */
public class DataLoadingException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The batch number in the epoch, or -1. */
    private final long batch;

    /** The failed item's index, or -1. */
    private final long index;

    /** The failed item's key or path, or {@code null}. */
    private final String key;

    /**
     * Creates an exception about one item.
     *
     * @param batch the batch number in this epoch, counted from 0, or -1 if unknown
     * @param index the item index in the dataset, or -1 if the failure is not about one item
     * @param key the item's key or path, or {@code null}
     * @param message what went wrong
     * @param cause the underlying error, or {@code null}
     */
    public DataLoadingException(
            long batch, long index, String key, String message, Throwable cause) {
        super(describe(batch, index, key) + message, cause);
        this.batch = batch;
        this.index = index;
        this.key = key;
    }

    /**
     * Creates an exception that is not about one item.
     *
     * @param message what went wrong
     * @param cause the underlying error, or {@code null}
     */
    public DataLoadingException(String message, Throwable cause) {
        this(-1, -1, null, message, cause);
    }

    /**
     * Returns the batch number in the epoch, counted from 0, or -1 if unknown.
     *
     * @return the batch number
     */
    public long getBatch() {
        return batch;
    }

    /**
     * Returns the index of the failed item in the dataset, or -1.
     *
     * @return the item index
     */
    public long getIndex() {
        return index;
    }

    /**
     * Returns the key or path of the failed item, or {@code null}.
     *
     * @return the key or path
     */
    public String getKey() {
        return key;
    }

    private static String describe(long batch, long index, String key) {
        StringBuilder where = new StringBuilder();
        if (batch >= 0) {
            where.append("batch ").append(batch).append(", ");
        }
        if (index >= 0) {
            where.append("item ").append(index).append(", ");
        }
        if (key != null) {
            where.append('\'').append(key).append("': ");
        }
        return where.toString();
    }
}
