package dev.asyncdataset.internal.shard;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.cache.CachingStore;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Tar shards in any {@link ObjectStore}, the one shard reader of every store: it gives each the
 * loader's retries within the retry budget, the read-idle timeout ({@link BodyReads}),
 * first-contact configuration errors ({@link Retrier}) and whole-shard reads resumed after a
 * failure midway from the first byte not received, while the object's identity stays the same and
 * checked against the store's checksum where it has one ({@link ResumingRead}). A local store is
 * read once instead ({@link LocalReads}). The shards, the sidecar indexes and the classes file are
 * found by {@link ShardListing}. A read still failing when the budget is spent is a {@link
 * BadItemException} naming the URL. Over a {@link CachingStore}, whole reads (shards, sidecars, the
 * classes file) go through its disk cache ({@link WholeReads}); ranged reads always go to the
 * store.
 */
public final class StoredShards implements ShardStore {

    private final ObjectStore store;
    private final Retrier retrier;
    private final BodyReads.Limits limits;
    private final ShardListing listing;
    private final WholeReads whole;

    private StoredShards(
            ObjectStore store, Retrier retrier, BodyReads.Limits limits, ShardListing listing) {
        this.store = store;
        this.retrier = retrier;
        this.limits = limits;
        this.listing = listing;
        this.whole = new WholeReads(store, retrier, limits.readIdle(), limits.request());
    }

    /**
     * Opens the shards {@code urls} names, each of which must exist, or (when {@code urls} is null)
     * every {@code .tar} directly under {@code prefix}; closes {@code store} if that fails.
     *
     * @param prefix the location the shards are in, ending with {@code /} before any query (empty
     *     for the working folder of a local store)
     * @param listing the prefix's listing if the caller has it, else null: it is listed here
     * @param retrier the retries of this store's requests, used by this store only (null for a
     *     local store)
     * @param readIdle how long a body may go without a byte
     * @param request how long one attempt may take in all
     */
    public static StoredShards open(
            ObjectStore store,
            String prefix,
            List<StoredObject> listing,
            List<String> urls,
            Retrier retrier,
            Duration readIdle,
            Duration request)
            throws IOException {
        try {
            return new StoredShards(
                    store,
                    retrier,
                    new BodyReads.Limits(readIdle, request),
                    ShardListing.of(store, prefix, listing, urls, retrier));
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** The shards' URLs, without the queries, which may hold a secret ({@link Locations#shown}). */
    @Override
    public List<String> names() {
        return listing.shards().stream().map(o -> listing.shown(o.url())).toList();
    }

    @Override
    public long length(int shard) {
        return listing.shards().get(shard).length();
    }

    /**
     * One ranged read per attempt; bytes failing {@code check} are read again, as a retry, except
     * from a local store, whose bytes would be the same.
     */
    @Override
    public byte[] read(int shard, long offset, int length, BytesCheck check) throws IOException {
        String url = listing.shards().get(shard).url();
        if (LocalStore.is(store)) {
            byte[] bytes = LocalReads.range(store, url, offset, new byte[length], length);
            try {
                check.verify(bytes);
            } catch (IntegrityException e) {
                throw new BadItemException(url, e.getMessage(), e);
            }
            return bytes;
        }
        return call(url, () -> checked(range(url, offset, new byte[length], length), check));
    }

    /** One positioned read or one ranged GET (retried as a whole) into {@code into}, unchecked. */
    @Override
    public void readInto(int shard, long offset, int length, byte[] into) throws IOException {
        String url = listing.shards().get(shard).url();
        if (LocalStore.is(store)) {
            LocalReads.range(store, url, offset, into, length);
        } else {
            call(url, () -> range(url, offset, into, length));
        }
    }

    /** Fills the start of {@code into} with one ranged GET of {@code length} bytes. */
    private byte[] range(String url, long offset, byte[] into, int length) throws IOException {
        long started = System.nanoTime();
        try (StoredBody body = store.open(url, offset, length)) {
            BodyReads.fill(body, into, new BodyReads.Progress(), length, limits, started);
        }
        return into;
    }

    private static byte[] checked(byte[] bytes, BytesCheck check) throws IOException {
        check.verify(bytes);
        return bytes;
    }

    @Override
    public int readShard(int shard, byte[] into) throws IOException {
        return readShard(shard, into, bytes -> {});
    }

    @Override
    public int readShard(int shard, byte[] into, BytesCheck cacheable) throws IOException {
        StoredObject object = listing.shards().get(shard);
        if (object.length() > into.length) {
            throw new BadItemException(
                    listing.shown(object.url()), object.length() + " bytes, over 2 GiB", null);
        }
        return whole.read(object.url(), into, (int) object.length(), bytes -> {}, cacheable);
    }

    /** The sidecar index; a local one is read once, unchecked, as a second read gives the same. */
    @Override
    public byte[] sidecar(int shard, BytesCheck check) throws IOException {
        String url = listing.withSuffix(listing.shards().get(shard).url(), ShardIndexFile.SUFFIX);
        return small(url, LocalStore.is(store) ? bytes -> {} : check);
    }

    @Override
    public List<String> classes() throws IOException {
        byte[] text = small(listing.classesUrl(), bytes -> {});
        return text == null ? List.of() : new String(text, StandardCharsets.UTF_8).lines().toList();
    }

    /**
     * A small object beside the shards, or null if the listing or the store says it is not there;
     * bytes failing {@code check} are read again.
     */
    private byte[] small(String url, BytesCheck check) throws IOException {
        StoredObject object = listing.find(url);
        if (object == null) {
            return null;
        }
        if (object.length() > Integer.MAX_VALUE - 8) {
            throw new BadItemException(
                    listing.shown(url), object.length() + " bytes, over 2 GiB", null);
        }
        byte[] bytes = new byte[(int) object.length()];
        whole.read(url, bytes, bytes.length, check);
        return bytes;
    }

    /**
     * The failures that may pass: I/O errors the store did not mark as final or bad nor retried to
     * its budget already (a listing's pages), timeouts included, interrupts not; and bad bytes.
     */
    public static boolean isTransient(Throwable error) {
        Throwable e = Retrier.unwrap(error);
        return e instanceof IntegrityException
                || (e instanceof IOException
                        && !(e instanceof RequestRejected)
                        && !(e instanceof BadItemException)
                        && !(e.getCause() instanceof Retrier.GaveUp)
                        && (!(e instanceof InterruptedIOException)
                                || e instanceof SocketTimeoutException));
    }

    /**
     * Whether {@code error} comes of a read that gave up on a failure that may pass (a 5xx, a
     * timeout, a reset), not on bad bytes: an outage of the store, not damage of the object.
     */
    public static boolean isOutage(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof Retrier.GaveUp) {
                return !(e.getCause() instanceof IntegrityException);
            }
        }
        return false;
    }

    private <T> T call(String url, Callable<T> request) throws IOException {
        return call(store, url, retrier, request);
    }

    /**
     * Runs a request under {@code retrier}, or once for a local store; one still failing when the
     * budget is spent is bad.
     */
    public static <T> T call(ObjectStore store, String url, Retrier retrier, Callable<T> request)
            throws IOException {
        if (LocalStore.is(store)) {
            return GivenUp.badItem(url, request);
        }
        String shown = Locations.shown(url);
        return GivenUp.badItem(shown, () -> retrier.call(shown, request));
    }

    @Override
    public long retries() {
        return retrier == null ? 0 : retrier.retryCount();
    }

    @Override
    public long integrityFailures() {
        return whole.integrityFailures();
    }

    @Override
    public boolean cachesWholeShards() {
        return store instanceof CachingStore;
    }

    @Override
    public long cacheHits() {
        return store instanceof CachingStore c ? c.hitCount() : 0;
    }

    @Override
    public long cacheMisses() {
        return store instanceof CachingStore c ? c.missCount() : 0;
    }

    @Override
    public void close() {
        store.close();
    }
}
