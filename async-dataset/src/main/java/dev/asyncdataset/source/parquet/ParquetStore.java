package dev.asyncdataset.source.parquet;

import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.OptionalDependency;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.internal.store.OpenedStore;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Opens the store the Parquet files are in, as the table of stores finds it by the location's
 * scheme (local files, S3, HTTP(S), Azure, a registered scheme), read through {@link StoredShards},
 * which adds the retries within the retry budget, the read-idle and request timeouts and
 * first-contact configuration errors to every read of a remote store, and reads local files once.
 */
final class ParquetStore {

    /**
     * The reader of Parquet files, required before the store opens: a builder's first reference to
     * one of its classes would otherwise fail without saying which dependency to add.
     */
    static final OptionalDependency HARDWOOD =
            new OptionalDependency(
                    "Parquet locations",
                    "dev.hardwood:hardwood-core",
                    "dev.hardwood.reader.ParquetFileReader");

    private ParquetStore() {}

    /**
     * Opens the files {@code where} names; the store is closed if that fails.
     *
     * @throws IllegalArgumentException if no store reads the location, or it names no file
     * @throws IOException if the store fails, or cannot list a prefix
     * @throws IllegalStateException if Hardwood is not on the class path
     */
    static ShardStore open(ParquetLocations where, StoreAccess access) throws IOException {
        HARDWOOD.require();
        OpenedStore store = StoreTable.of(where.prefix()).open(access);
        if (where.urls() != null) {
            return store.shards(where.prefix(), where.urls(), access);
        }
        List<StoredObject> listing;
        List<String> urls;
        try {
            listing =
                    StoredShards.call(
                            store.objects(),
                            where.prefix(),
                            store.retrier(),
                            () -> store.objects().list(where.prefix()));
            urls = named(store, where, listing);
        } catch (IOException | RuntimeException e) {
            store.objects().close();
            throw e;
        }
        return store.shards(where.prefix(), listing, urls, access);
    }

    /** The files of {@code objects}, the prefix's listing, that its glob names, in name order. */
    private static List<String> named(
            OpenedStore store, ParquetLocations where, List<StoredObject> objects) {
        String prefix = where.prefix();
        Predicate<String> named = where.listedNames();
        List<String> urls = new ArrayList<>();
        for (StoredObject o : objects) {
            String path =
                    LocalStore.is(store.objects())
                            ? o.url()
                            : o.url().substring(0, Locations.queryStart(o.url()));
            if (named.test(path)) {
                urls.add(o.url());
            }
        }
        if (urls.isEmpty()) {
            throw new IllegalArgumentException(
                    Locations.shown(prefix) + " holds no file named " + where.glob());
        }
        return urls;
    }
}
