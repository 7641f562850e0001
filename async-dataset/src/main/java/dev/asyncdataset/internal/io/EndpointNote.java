package dev.asyncdataset.internal.io;

import java.io.IOException;

/**
 * A store's connection failure with where the store's address comes from, which the error of a
 * store never reached adds to its message ({@link Retrier}): for instance the Hub's address and the
 * variable that sets it.
 */
public final class EndpointNote extends IOException {

    private static final long serialVersionUID = 1L;

    /**
     * @param note where the address comes from and how to set another
     * @param cause the connection failure
     */
    public EndpointNote(String note, IOException cause) {
        super(note, cause);
    }
}
