package dev.asyncdataset.store;

import java.time.Duration;

/**
 * What a store is opened with, taken from the source's {@link StoreOptions}: its timeouts up to the
 * first byte of a response, and the value of an {@code Authorization} header if the user gave one.
 * The library applies the other options (attempts, retry budget, read-idle and request timeouts)
 * itself, and bounds every call by them. The authorization never appears in {@link #toString}.
 *
 * @param connectTimeout how long opening a connection may take
 * @param firstByteTimeout how long a response's headers may take from the start of a request
 * @param authorization the {@code Authorization} header's value, or null
 */
public record StoreSettings(
        Duration connectTimeout, Duration firstByteTimeout, String authorization) {

    /** The settings without the authorization. */
    @Override
    public String toString() {
        return "StoreSettings[connectTimeout="
                + connectTimeout
                + ", firstByteTimeout="
                + firstByteTimeout
                + ", authorization="
                + (authorization == null ? "none" : "set")
                + "]";
    }
}
