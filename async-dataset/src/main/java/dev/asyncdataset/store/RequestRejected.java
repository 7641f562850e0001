package dev.asyncdataset.store;

import java.io.IOException;

/**
 * A store's answer that asking again will not change: access denied, a missing object, a byte range
 * the server does not honour. Not retried.
 */
public final class RequestRejected extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the failure.
     *
     * @param message what was asked and what the store answered
     */
    public RequestRejected(String message) {
        super(message);
    }
}
