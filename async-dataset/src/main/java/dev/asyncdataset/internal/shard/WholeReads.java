package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.cache.CachingStore;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Whole objects of one {@link ObjectStore} read into the caller's arrays: from a remote store under
 * its retrier, resumed after a failure midway and checked against the store's checksum where it has
 * one ({@link ResumingRead}), each body under the read-idle and request timeouts ({@link
 * BodyReads}); from a local store once ({@link LocalReads}). A read still failing when the budget
 * is spent is a bad item naming the URL. Shards, their sidecars and loose objects are read by it.
 * Over a {@link CachingStore}, a read from the store is kept in the cache once its bytes passed
 * every check, and a cached entry the read's check refuses is dropped ({@link CachedReads}).
 */
public final class WholeReads {

    private final ObjectStore store;
    private final Retrier retrier;
    private final BodyReads.Limits limits;
    private final CachedReads cache;
    private final LongAdder integrityFailures = new LongAdder();

    /**
     * Reads whole objects of {@code store}.
     *
     * @param store the store
     * @param retrier the retries of its requests (null for a local store)
     * @param readIdle how long a body may go without a byte
     * @param request how long one attempt may take in all
     */
    public WholeReads(ObjectStore store, Retrier retrier, Duration readIdle, Duration request) {
        this.store = store;
        this.retrier = retrier;
        this.limits = new BodyReads.Limits(readIdle, request);
        this.cache = new CachedReads(store);
    }

    /**
     * Reads the {@code length} bytes of the object at {@code url} into the start of {@code into},
     * then passes them to {@code check} (bytes failing it are read again, except from a local
     * store, whose bytes would be the same and are not checked).
     *
     * @param url the object's location
     * @param into the array, at least {@code length} long
     * @param length the object's length, as listed
     * @param check the check of the bytes
     * @return the bytes read: {@code length}, or fewer from a local file cut since it was listed
     * @throws IOException if the read fails, or still fails when the retry budget is spent (a
     *     {@code BadItemException} naming the URL)
     */
    public int read(String url, byte[] into, int length, ShardStore.BytesCheck check)
            throws IOException {
        return read(url, into, length, check, bytes -> {});
    }

    /**
     * Reads as {@link #read(String, byte[], int, ShardStore.BytesCheck)} does; over a {@link
     * CachingStore} that holds no entry of {@code url}, the bytes are kept in the cache only if
     * they also pass {@code cacheable} (a whole shard's members against their CRC32C).
     *
     * @param url the object's location
     * @param into the array, at least {@code length} long
     * @param length the object's length, as listed
     * @param check the check of the bytes
     * @param cacheable the test of the bytes before they are cached, run only then
     * @return the bytes read
     * @throws IOException if the read fails
     */
    public int read(
            String url,
            byte[] into,
            int length,
            ShardStore.BytesCheck check,
            ShardStore.BytesCheck cacheable)
            throws IOException {
        if (LocalStore.is(store)) {
            return LocalReads.whole(store, url, into, length);
        }
        ResumingRead read =
                new ResumingRead(
                        store,
                        url,
                        into,
                        length,
                        limits,
                        cache.dropping(url, check),
                        this::mismatch);
        StoredShards.call(store, url, retrier, read);
        cache.keep(url, into, length, read.identity(), cacheable);
        return length;
    }

    /**
     * Reads the whole object at {@code url}, of a length the store announces with its body (a GET's
     * {@code Content-Length}; the object's size asked of the store only where the body does not
     * say), into an array of {@code arrays}, then passes that array to {@code check}: one request
     * per object. The array is given back if the read fails.
     *
     * @param url the object's location
     * @param arrays where the array comes from, and which refuses a length not read
     * @param check the check of the bytes
     * @return a heap buffer over the array, position 0, limit the bytes read (fewer than announced
     *     only from a local file cut meanwhile)
     * @throws IOException if the read fails, or still fails when the retry budget is spent (a
     *     {@code BadItemException} naming the URL), or {@code arrays} refuses the length
     */
    public ByteBuffer read(String url, Into arrays, ShardStore.BytesCheck check)
            throws IOException {
        if (LocalStore.is(store)) {
            return LocalReads.whole(store, url, arrays);
        }
        ResumingRead read =
                new ResumingRead(
                        store, url, arrays, limits, cache.dropping(url, check), this::mismatch);
        try {
            StoredShards.call(store, url, retrier, read);
            ByteBuffer body = read.body();
            cache.keep(url, body.array(), body.limit(), read.identity(), bytes -> {});
            return body;
        } catch (IOException | RuntimeException | Error e) {
            read.giveBack();
            throw e;
        }
    }

    /**
     * The arrays a read of {@link #read(String, Into, ShardStore.BytesCheck)} is read into, taken
     * once the length is known.
     */
    public interface Into {

        /**
         * Returns an array of at least {@code length} bytes, or refuses the object.
         *
         * @param length the object's length
         * @return the array
         * @throws IOException if an object of this length is not read (not retried: a {@code
         *     BadItemException} naming the item)
         */
        byte[] take(long length) throws IOException;

        /**
         * Gives back an array taken, once nothing writes into it.
         *
         * @param array the array
         */
        void give(byte[] array);
    }

    /**
     * The length {@code body} of {@code url} announces, else the object's size asked of the store.
     */
    static long announced(ObjectStore store, String url, StoredBody body) throws IOException {
        if (body.length() >= 0) {
            return body.length();
        }
        StoredObject object = store.stat(url);
        if (object == null) {
            throw new RequestRejected(Locations.shown(url) + ": no such object");
        }
        return object.length();
    }

    private void mismatch(String what) {
        integrityFailures.increment();
        LoaderEvents.IntegrityFailure.emit(what);
    }

    /**
     * Returns the bodies that failed the store's checksum, each then read again.
     *
     * @return the count over all reads
     */
    public long integrityFailures() {
        return integrityFailures.sum();
    }
}
