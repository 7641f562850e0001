package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.cache.CachingStore;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.util.List;

/**
 * The object store of one source, opened, and the retries of its requests.
 *
 * @param objects the store, which the source closes
 * @param retrier the retries of its requests, or null for local files, which are read once
 */
public record OpenedStore(ObjectStore objects, Retrier retrier) {

    /**
     * This store with its whole reads through {@code cache} ({@link CachingStore}), or this store
     * if {@code cache} is null or the store is local.
     *
     * @param cache the disk cache, or null
     * @return the store
     */
    public OpenedStore cachedIn(DiskCache cache) {
        return cache == null || LocalStore.is(objects)
                ? this
                : new OpenedStore(new CachingStore(objects, cache), retrier);
    }

    /**
     * Opens the objects {@code urls} names (each of which must exist), or every {@code .tar}
     * directly under {@code prefix} when {@code urls} is null, with the read-idle and request
     * timeouts of {@code access}; closes the store if that fails.
     */
    public ShardStore shards(String prefix, List<String> urls, StoreAccess access)
            throws IOException {
        return shards(prefix, null, urls, access);
    }

    /**
     * Opens the objects {@code urls} names among those of {@code listing}, the prefix's listing,
     * which is not listed again; closes the store if that fails.
     */
    public ShardStore shards(
            String prefix, List<StoredObject> listing, List<String> urls, StoreAccess access)
            throws IOException {
        return StoredShards.open(
                objects,
                prefix,
                listing,
                urls,
                retrier,
                access.store().readIdleTimeout(),
                access.store().requestTimeout());
    }
}
