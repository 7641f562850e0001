package dev.asyncdataset.source.parquet;

import dev.asyncdataset.internal.http.HttpObjectStore;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Opens the store the Parquet files are in, the one place that picks a store for a location: an
 * {@link ObjectStore} read through {@link StoredShards}, which adds the retries within the retry
 * budget, the read-idle and request timeouts and first-contact configuration errors to every read.
 * The files are read from {@code http://} and {@code https://} locations.
 */
final class ParquetStore {

    private ParquetStore() {}

    /**
     * Opens the files {@code where} names.
     *
     * @throws IllegalArgumentException if no store reads the location, or it names no file
     * @throws IOException if the store fails, or cannot list a prefix
     */
    static ShardStore open(ParquetLocations where, S3Options s3, String authorization)
            throws IOException {
        ObjectStore store = objectStore(where.prefix(), s3, authorization);
        Retrier retrier = S3Settings.of(s3, s3.maxObjectBytes()).retrier(StoredShards::isTransient);
        try {
            List<String> urls = where.urls() != null ? where.urls() : listed(store, where, retrier);
            return StoredShards.open(
                    store,
                    where.prefix(),
                    urls,
                    retrier,
                    s3.readIdleTimeout(),
                    s3.requestTimeout());
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    private static ObjectStore objectStore(String location, S3Options s3, String authorization) {
        String lower = location.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("http://") && !lower.startsWith("https://")) {
            throw new IllegalArgumentException(
                    "Parquet files are read from http:// and https:// locations: " + location);
        }
        return new HttpObjectStore(
                new StoreSettings(s3.connectTimeout(), s3.firstByteTimeout(), authorization));
    }

    /** Every {@code .parquet} directly under the prefix, in name order. */
    private static List<String> listed(ObjectStore store, ParquetLocations where, Retrier retrier)
            throws IOException {
        String shown = Locations.shown(where.prefix());
        List<StoredObject> objects;
        try {
            objects = retrier.call(shown, () -> store.list(where.prefix()));
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(shown + ": listing failed", e);
        }
        List<String> urls = new ArrayList<>();
        for (StoredObject o : objects) {
            String path = o.url().substring(0, Locations.queryStart(o.url()));
            if (path.endsWith(ParquetLocations.SUFFIX)) {
                urls.add(o.url());
            }
        }
        if (urls.isEmpty()) {
            throw new IllegalArgumentException(shown + " holds no " + ParquetLocations.SUFFIX);
        }
        return urls;
    }
}
