package dev.asyncdataset.internal.io;

import java.io.IOException;

/**
 * The answer to a read conditional on an identity ({@link ConditionalReads#openIfMatch}) when the
 * object now has another: the read starts over from the first byte.
 */
public final class ObjectChanged extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the failure.
     *
     * @param message the object, and what the store answered
     */
    public ObjectChanged(String message) {
        super(message);
    }
}
