package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.S3ObjectStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.internal.store.file.FileStore;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreProvider;
import java.io.IOException;

/** One kind of store of the {@link StoreTable}: how a source opens it. */
@FunctionalInterface
public interface StoreKind {

    /** Local files, read once, without retries or timeouts. */
    StoreKind FILES = access -> new OpenedStore(FileStore.INSTANCE, null);

    /**
     * S3 and S3-compatible stores, whose retries ask the endpoint for a handshake; a writer's store
     * uploads in the access's parts and counts its writes' retries with its lists'.
     */
    StoreKind S3 = access -> access.partBytes() > 0 ? s3Writer(access) : s3Reader(access);

    /** Opens the store of one source, once per source. */
    OpenedStore open(StoreAccess access) throws IOException;

    /**
     * The stores {@code opener} opens, with the library's retries of their requests and its bounds
     * on every list, stat and open ({@link BoundedStore}); the writes of a store that writes are
     * bounded and retried too ({@link BoundedWritableStore}), counted by the same retrier.
     */
    static StoreKind of(StoreProvider opener) {
        return access -> {
            Retrier retrier = access.retrier(StoredShards::isTransient);
            return new OpenedStore(
                    BoundedStore.of(open(opener, access), access.store(), retrier), retrier);
        };
    }

    private static OpenedStore s3Reader(StoreAccess access) {
        Retrier retrier = access.s3().probingRetrier(StoredShards::isTransient);
        return new OpenedStore(new S3ObjectStore(access.s3(), retrier), retrier);
    }

    private static OpenedStore s3Writer(StoreAccess access) {
        Retrier writes = access.s3().retrier();
        return new OpenedStore(new S3ObjectStore(access.s3(), writes, access.partBytes()), writes);
    }

    /** Opens a store of {@code opener}, with the whole store options if it takes them. */
    private static ObjectStore open(StoreProvider opener, StoreAccess access) throws IOException {
        return opener instanceof OptionsProvider provider
                ? provider.open(access.store(), access.settings())
                : opener.open(access.settings());
    }
}
