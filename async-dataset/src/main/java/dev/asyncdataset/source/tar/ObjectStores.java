package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOpener;
import java.io.IOException;
import java.util.List;

/**
 * A store given as an {@link ObjectStore} (HTTP(S), or one a user registered): its shards are read
 * through {@link StoredShards}, which adds the retries, the time budget and the read-idle and
 * request timeouts. Such a store is read only.
 */
final class ObjectStores implements Store {

    private final StoreOpener opener;

    ObjectStores(StoreOpener opener) {
        this.opener = opener;
    }

    @Override
    public ShardStore shards(String prefix, List<String> urls, StoreAccess access)
            throws IOException {
        ObjectStore store = opener.open(access.settings());
        S3Options s3 = access.s3();
        return StoredShards.open(
                store, prefix, urls, access.retrier(), s3.readIdleTimeout(), s3.requestTimeout());
    }
}
