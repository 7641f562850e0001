package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.cache.CachingStore;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.store.ObjectStore;

/**
 * The disk cache's part in the whole reads of a {@link CachingStore}: bytes read from the store are
 * kept once they passed every check, and a cached entry the read's check refuses is dropped, so
 * that the next attempt reads the store. Over any other store it does nothing.
 */
final class CachedReads {

    private final CachingStore cached;

    /** The cache of {@code store}, if it is a {@link CachingStore}. */
    CachedReads(ObjectStore store) {
        this.cached = store instanceof CachingStore c ? c : null;
    }

    /** {@code check}, which drops the cached entry of {@code url} whose bytes it refuses. */
    ShardStore.BytesCheck dropping(String url, ShardStore.BytesCheck check) {
        if (cached == null) {
            return check;
        }
        return bytes -> {
            try {
                check.verify(bytes);
            } catch (IntegrityException e) {
                cached.drop(url);
                throw e;
            }
        };
    }

    /**
     * Keeps bytes that passed every check in the cache, unless they came from it or fail {@code
     * cacheable}, which runs only then.
     */
    void keep(
            String url,
            byte[] bytes,
            int length,
            String identity,
            ShardStore.BytesCheck cacheable) {
        if (cached == null || !cached.lacks(url)) {
            return;
        }
        try {
            cacheable.verify(bytes);
        } catch (IntegrityException e) {
            return;
        }
        cached.keep(url, bytes, length, identity);
    }
}
