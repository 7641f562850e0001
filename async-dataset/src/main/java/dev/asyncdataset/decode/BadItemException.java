package dev.asyncdataset.decode;

import java.io.IOException;

/**
 * Thrown by an {@link dev.asyncdataset.source.ItemSource} for an item that cannot be read: a
 * missing key, a zero-byte or corrupt object, a file that is not an image, or an object still
 * failing after the source's last retry. The loader fails the iteration with it, or skips the item
 * under {@link dev.asyncdataset.BadItemPolicy#SKIP}.
 */
public class BadItemException extends IOException {

    private static final long serialVersionUID = 1L;

    /** The bad item's key or path. */
    private final String key;

    /**
     * Creates an exception for the item stored under {@code key}.
     *
     * @param key the item's key or path
     * @param message what is wrong with it
     * @param cause the underlying error, or {@code null}
     */
    public BadItemException(String key, String message, Throwable cause) {
        super(key + ": " + message, cause);
        this.key = key;
    }

    /**
     * Returns the key or path of the bad item.
     *
     * @return the key or path
     */
    public String getKey() {
        return key;
    }
}
