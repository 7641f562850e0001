package dev.asyncdataset.store;

import java.io.IOException;

/**
 * Bytes that fail the store's own checksum of an object: read again from its first byte, within the
 * retry budget, and counted as an integrity failure.
 */
public final class ChecksumMismatch extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the failure.
     *
     * @param message the object and the checksums that differ
     */
    public ChecksumMismatch(String message) {
        super(message);
    }
}
