package dev.asyncdataset.internal.loose;

import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.cache.CachingStore;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.internal.shard.WholeReads;
import dev.asyncdataset.internal.store.OpenedStore;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.internal.store.file.FileStore;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The loose objects under one location of any store of the table, as a source reads them: each
 * whole, into a recycled array, after a check of its size against the largest object read; through
 * {@link WholeReads}, which gives a remote store's reads the retries within the retry budget, the
 * read-idle and request timeouts, resumption and the store's checksum; from a local disk cache
 * first, if the source has one ({@link CachingStore}). Owns the store.
 */
public final class StoreObjects implements AutoCloseable {

    private final OpenedStore store;
    private final String prefix;
    private final WholeReads reads;
    private final long maxObjectBytes;
    private final CachingStore cached;

    private StoreObjects(OpenedStore store, String prefix, StoreAccess access) {
        this.store = store;
        this.cached = store.objects() instanceof CachingStore c ? c : null;
        this.prefix = prefix;
        this.reads =
                new WholeReads(
                        store.objects(),
                        store.retrier(),
                        access.store().readIdleTimeout(),
                        access.store().requestTimeout());
        this.maxObjectBytes = access.store().maxObjectBytes();
    }

    /**
     * Opens the store of {@code location} (a folder, made to end with {@code /}), its whole reads
     * through {@code cache} if it is not null and the store is remote.
     *
     * @param location the folder of the objects
     * @param access the options the store is opened and read with
     * @param cache the disk cache, or null
     * @return the objects, owning the opened store
     * @throws IOException if the store cannot be opened
     */
    public static StoreObjects open(String location, StoreAccess access, DiskCache cache)
            throws IOException {
        String prefix = folder(location);
        OpenedStore store = StoreTable.of(prefix).open(access).cachedIn(cache);
        return new StoreObjects(store, prefix, access);
    }

    /** {@code location} ending with {@code /} before its query, if any. */
    private static String folder(String location) {
        int query = Locations.queryStart(location);
        return location.substring(0, query).endsWith("/")
                ? location
                : Locations.withSuffix(location, "/");
    }

    /**
     * Returns the location of an object under the folder.
     *
     * @param key the object's key, relative to the folder
     * @return its path (local store) or URL
     */
    public String url(String key) {
        return LocalStore.is(store.objects())
                ? FileStore.path(prefix).resolve(key).toString()
                : Locations.withSuffix(prefix, key);
    }

    /**
     * Returns the folder, for messages.
     *
     * @return the folder's location without its query
     */
    public String shown() {
        return Locations.shown(prefix);
    }

    /**
     * Lists every object under the folder, retried within the budget, reporting the listing and the
     * count of keys listed to {@code progress}.
     *
     * @param progress reports the listing, or null
     * @return each object's length by its key relative to the folder, in name order
     * @throws IOException if the listing fails within the retry budget
     * @throws UnsupportedOperationException if the store cannot list
     */
    public Map<String, Long> list(Progress progress) throws IOException {
        if (progress != null) {
            progress.reset("Listing " + shown(), 1);
        }
        Map<String, Long> lengths = new LinkedHashMap<>();
        for (StoredObject o : call(prefix, () -> store.objects().listAll(prefix))) {
            lengths.put(key(o.url()), o.length());
        }
        if (progress != null) {
            progress.update(0, lengths.size() + " keys");
            progress.end();
        }
        return lengths;
    }

    private String key(String url) {
        if (LocalStore.is(store.objects())) {
            return FileStore.path(prefix).relativize(FileStore.path(url)).toString();
        }
        String path = url.substring(0, Locations.queryStart(url));
        return path.substring(Locations.queryStart(prefix));
    }

    /**
     * Reads the whole object at {@code url}, {@code length} bytes as listed or, for -1, as long as
     * the store's body announces (one request), into an array taken from {@code pool} (given back
     * if the read fails).
     *
     * @param url the object's location
     * @param length the object's length as listed, or -1
     * @param name the item, for messages
     * @param pool the recycled arrays
     * @return a heap buffer over the array, position 0, limit the bytes read
     * @throws IOException if the read fails otherwise
     * @throws BadItemException naming {@code name} if the object is empty, over the largest object
     *     read, missing, refused, or still failing when the retry budget is spent
     */
    public ByteBuffer read(String url, long length, String name, BodyBuffers pool)
            throws IOException {
        if (length < 0) {
            return rejectedAsBad(name, () -> reads.read(url, arrays(name, pool), bytes -> {}));
        }
        byte[] array = pool.take(checked(length, name));
        try {
            return BodyBuffers.body(array, whole(url, array, (int) length, name));
        } catch (IOException | RuntimeException | Error e) {
            pool.give(array);
            throw e;
        }
    }

    /**
     * Reads the whole object at {@code url} as {@link #read(String, long, String, BodyBuffers)}
     * does, into an array of its own.
     *
     * @return the object's bytes
     */
    public byte[] read(String url, long length, String name) throws IOException {
        byte[] array = new byte[checked(length, name)];
        int read = whole(url, array, array.length, name);
        return read == array.length ? array : Arrays.copyOf(array, read);
    }

    /** The length of an object to read, refused if it is empty or over the largest read. */
    private int checked(long length, String name) throws BadItemException {
        if (length == 0 || length > maxObjectBytes) {
            throw new BadItemException(
                    name,
                    length == 0
                            ? "empty object"
                            : "object too large: " + length + " bytes, limit " + maxObjectBytes,
                    null);
        }
        return (int) length;
    }

    /** The arrays of {@code pool}, each taken after a check of the announced length. */
    private WholeReads.Into arrays(String name, BodyBuffers pool) {
        return new WholeReads.Into() {
            @Override
            public byte[] take(long length) throws IOException {
                return pool.take(checked(length, name));
            }

            @Override
            public void give(byte[] array) {
                pool.give(array);
            }
        };
    }

    private int whole(String url, byte[] into, int length, String name) throws IOException {
        return rejectedAsBad(name, () -> reads.read(url, into, length, bytes -> {}));
    }

    /** Runs a read, a store's refusal or a missing file becoming a bad item naming {@code name}. */
    private static <T> T rejectedAsBad(String name, Read<T> read) throws IOException {
        try {
            return read.run();
        } catch (RequestRejected | NoSuchFileException e) {
            throw new BadItemException(name, e.getMessage(), e);
        }
    }

    @FunctionalInterface
    private interface Read<T> {
        T run() throws IOException;
    }

    private <T> T call(String url, Callable<T> request) throws IOException {
        return StoredShards.call(store.objects(), url, store.retrier(), request);
    }

    /**
     * Returns the requests retried, the whole reads the cache served and missed (0 without one) and
     * the bodies that failed the store's checksum, as a source's stats.
     *
     * @param stats makes the stats: {@code SourceStats::new}
     * @param <T> the stats
     * @return the counts so far
     */
    public <T> T stats(ReadCounts<T> stats) {
        return stats.of(
                store.retrier() == null ? 0 : store.retrier().retryCount(),
                cached == null ? 0 : cached.hitCount(),
                cached == null ? 0 : cached.missCount(),
                reads.integrityFailures(),
                0,
                0);
    }

    /** Closes the store. */
    @Override
    public void close() {
        store.objects().close();
    }
}
