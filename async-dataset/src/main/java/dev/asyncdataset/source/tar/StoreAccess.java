package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.store.StoreSettings;

/**
 * How a source reaches its store: the S3 options, whose attempts, retry budget and timeouts apply
 * to every store, and the {@code Authorization} header for HTTP(S) and registered stores.
 *
 * @param s3 the client, retry and timeout options
 * @param authorization the header's value, or null
 */
record StoreAccess(S3Options s3, String authorization) {

    /** The settings an object store is opened with. */
    StoreSettings settings() {
        return new StoreSettings(s3.connectTimeout(), s3.firstByteTimeout(), authorization);
    }

    /** The settings of an S3 client, reading objects up to the options' limit. */
    S3Settings s3Settings() {
        return S3Settings.of(s3, s3.maxObjectBytes());
    }

    /** A retrier of one object store's requests. */
    Retrier retrier() {
        return s3Settings().retrier(StoredShards::isTransient);
    }

    /** The settings without the authorization. */
    @Override
    public String toString() {
        return "StoreAccess[" + settings() + "]";
    }
}
