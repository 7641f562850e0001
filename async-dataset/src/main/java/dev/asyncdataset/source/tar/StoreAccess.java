package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.source.s3.S3SourceBuilder;
import dev.asyncdataset.store.StoreSettings;

/**
 * How a source reaches its store: the S3 client options, whose retry budget, attempts and timeouts
 * apply to every store, and the {@code Authorization} header for HTTP(S) and registered stores.
 *
 * @param s3 the client, retry and timeout options
 * @param authorization the header's value, or null
 */
record StoreAccess(S3SourceBuilder s3, String authorization) {

    /** The settings an object store is opened with. */
    StoreSettings settings() {
        S3Settings s = s3.settings();
        return new StoreSettings(s.connectTimeout(), s.firstByteTimeout(), authorization);
    }

    /** A retrier of one object store's requests. */
    Retrier retrier() {
        return s3.settings().retrier(StoredShards::isTransient);
    }

    /** The settings without the authorization. */
    @Override
    public String toString() {
        return "StoreAccess[" + settings() + "]";
    }
}
