/**
 * The storage seam: the small interface a store of objects implements ({@link
 * dev.asyncdataset.store.ObjectStore}: list a prefix where it can, the size and identity of an
 * object, one read of an object or a byte range) and what it is opened with. It imports nothing of
 * the library. {@code dev.asyncdataset.source.tar.Stores} is the one table from a location's scheme
 * to its store; the library wraps every object store in the same retries, retry budget, read-idle
 * timeout, first-contact configuration errors and CRC32C checks.
 *
 * <h2>Adding a store</h2>
 *
 * <p>One class and one line. The HTTP(S) store ({@code dev.asyncdataset.internal.http}) is the
 * worked example:
 *
 * <ol>
 *   <li>Implement {@code ObjectStore}: {@code HttpObjectStore.stat} is a {@code HEAD} giving {@code
 *       Content-Length} and {@code ETag}; {@code open} is a {@code GET}, with {@code Range} for a
 *       byte range, whose answer must be a {@code 206} naming those bytes; {@code list} throws
 *       {@code UnsupportedOperationException}, so shards are named by a brace pattern or a URL
 *       list.
 *   <li>Sort failures: an answer that will not change (4xx, {@code Range} ignored) is a {@link
 *       dev.asyncdataset.store.RequestRejected}; every other {@code IOException} is retried.
 *   <li>Register the scheme: {@code Stores.register("myscheme", settings -> new
 *       MyStore(settings))}; the built-in table has {@code TABLE.put("https", new
 *       ObjectStores(HttpObjectStore::new))}.
 * </ol>
 *
 * <p>From then on {@code TarShardSource.builder().setUrl("myscheme://host/train-{0..9}.tar")}
 * streams and randomly accesses those shards like a folder's.
 */
package dev.asyncdataset.store;
