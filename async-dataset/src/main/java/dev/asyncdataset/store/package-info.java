/**
 * The storage seam: the small interface a store of objects implements ({@link
 * dev.asyncdataset.store.ObjectStore}: list a prefix where it can, the size and identity of an
 * object, one read of an object or a byte range) and what it is opened with. It imports nothing of
 * the library. {@link dev.asyncdataset.store.Stores} is the table from a location's scheme to its
 * store, through which the tar shard and Parquet sources and the shard writer open their locations.
 * Every store's shards and Parquet files, the built-in ones' ({@code file}: {@code
 * internal.store.file.FileStore}, {@code s3}, {@code http(s)}) and provided or registered ones',
 * are read by one reader, which wraps each in the same retries, retry budget, read-idle timeout,
 * first-contact configuration errors, whole-shard reads resumed from the first byte not received
 * and CRC32C checks of the shard index.
 *
 * <p>An optional capability: a checksum of its own over a whole object ({@link
 * dev.asyncdataset.store.StoredBody.Checksum}, S3's MD5 ETag; a mismatch is a {@link
 * dev.asyncdataset.store.ChecksumMismatch}, read again from the first byte and counted as an
 * integrity failure). A store without one is checked with no checksum beyond the index's. A store
 * of one's own is read as a remote one, with retries and timeouts (local files are the library's
 * own store's); a read resumed after a failure midway is compared by identity with the one it began
 * with (the library's S3 and Azure stores also make it conditional, with {@code If-Match}).
 *
 * <p>Writing is a capability of its own: a store that implements {@link
 * dev.asyncdataset.store.WritableStore} writes objects atomically ({@link
 * dev.asyncdataset.store.ObjectOutput}, visible whole on commit, nothing left when closed without
 * one; the library's S3 and Azure stores upload an object in parts, each part and the completion
 * retried within the source's budget) and can take the shard writer's output; the others are read
 * only.
 *
 * <h2>Adding a store</h2>
 *
 * <p>A package that implements {@code ObjectStore}, and a {@link
 * dev.asyncdataset.store.StoreProvider} naming its schemes in {@code
 * META-INF/services/dev.asyncdataset.store.StoreProvider}, found through {@link
 * java.util.ServiceLoader}. The HTTP(S) store is the worked example: the package {@code
 * internal.store.http}, which imports only this package, and its provider ({@code
 * internal.store.HttpStoreProvider}, schemes {@code http} and {@code https}, listed in the
 * library's own services file); a test or tool may call {@code Stores.register} instead.
 *
 * <ol>
 *   <li>Implement {@code ObjectStore} in a package of its own: {@code HttpObjectStore.stat} is a
 *       {@code HEAD} giving {@code Content-Length} and {@code ETag}; {@code open} is a {@code GET},
 *       with {@code Range} for a byte range, whose answer must be a {@code 206} naming those bytes;
 *       {@code list} throws {@code UnsupportedOperationException}, so shards are named by a brace
 *       pattern or a URL list.
 *   <li>Sort failures: an answer that will not change (4xx, {@code Range} ignored) is a {@link
 *       dev.asyncdataset.store.RequestRejected}; every other {@code IOException} is retried.
 *   <li>Give the scheme its provider: {@code schemes()} returns {@code Set.of("myscheme")} and
 *       {@code open(settings)} returns {@code new MyStore(settings)}; the store is opened with the
 *       {@link dev.asyncdataset.store.StoreSettings} of each source (timeouts and authorization),
 *       and the attempts, retry budget and timeouts of the source's {@link
 *       dev.asyncdataset.store.StoreOptions} apply to its requests.
 * </ol>
 *
 * <p>From then on {@code TarShardSource.builder().setLocation("myscheme://host/train-{0..9}.tar")}
 * streams and randomly accesses those shards like a folder's, and {@code
 * ParquetSource.builder().setLocation("myscheme://host/train.parquet")} reads that file. Nothing
 * else changes: the builders and the writer look every location up in the table, and the one other
 * question of a scheme, in {@code ShardLocations} and {@code NamedFiles}, tells a local path (where
 * {@code ?} is part of a file name) from a URL of any other scheme (whose query every shard's URL
 * keeps).
 */
package dev.asyncdataset.store;
