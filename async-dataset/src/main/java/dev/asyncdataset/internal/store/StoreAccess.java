package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.store.StoreSettings;

/**
 * How a source reaches its store: the S3 settings, whose attempts, retry budget and timeouts apply
 * to every store, and the {@code Authorization} header for HTTP(S) and registered stores.
 *
 * @param s3 the client, retry and timeout settings
 * @param authorization the header's value, or null
 */
public record StoreAccess(S3Settings s3, String authorization) {

    /** The settings an object store is opened with. */
    public StoreSettings settings() {
        return new StoreSettings(s3.connectTimeout(), s3.firstByteTimeout(), authorization);
    }

    /** The settings without the authorization. */
    @Override
    public String toString() {
        return "StoreAccess[" + settings() + "]";
    }
}
