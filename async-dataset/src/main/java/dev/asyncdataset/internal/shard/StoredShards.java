package dev.asyncdataset.internal.shard;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/**
 * Tar shards in any {@link ObjectStore} (HTTP(S), a user's store): the seam that gives every such
 * store the loader's retries within the retry budget, the read-idle timeout ({@link BodyReads}),
 * first-contact configuration errors ({@link Retrier}) and whole-shard reads resumed after a
 * failure midway from the first byte not received, while the object's identity stays the same
 * ({@link ResumingRead}). Shards are listed under a prefix where the store can list, else named by
 * URL and asked for their size; a sidecar index and the classes file are read from beside them when
 * present. A read still failing when the budget is spent is a {@link BadItemException} naming the
 * URL.
 */
public final class StoredShards implements ShardStore {

    private final ObjectStore store;
    private final Retrier retrier;
    private final BodyReads.Limits limits;
    private final List<StoredObject> shards;
    private final Map<String, StoredObject> listed;
    private final String classesUrl;

    private StoredShards(
            ObjectStore store,
            Retrier retrier,
            BodyReads.Limits limits,
            List<StoredObject> shards,
            Map<String, StoredObject> listed,
            String classesUrl) {
        this.store = store;
        this.retrier = retrier;
        this.limits = limits;
        this.shards = shards;
        this.listed = listed;
        this.classesUrl = classesUrl;
    }

    /**
     * Opens the shards {@code urls} names, each of which must exist, or (when {@code urls} is null)
     * every {@code .tar} directly under {@code prefix}; closes {@code store} if that fails.
     *
     * @param prefix the location the shards are in, ending with {@code /} before any query
     * @param retrier the retries of this store's requests, used by this store only
     * @param readIdle how long a body may go without a byte
     * @param request how long one attempt may take in all
     */
    public static StoredShards open(
            ObjectStore store,
            String prefix,
            List<String> urls,
            Retrier retrier,
            Duration readIdle,
            Duration request)
            throws IOException {
        BodyReads.Limits limits = new BodyReads.Limits(readIdle, request);
        try {
            Map<String, StoredObject> listed = null;
            List<StoredObject> shards = new ArrayList<>();
            if (urls == null) {
                listed = new TreeMap<>();
                for (StoredObject o : call(prefix, retrier, () -> store.list(prefix))) {
                    listed.put(o.url(), o);
                    if (o.url().endsWith(".tar")) {
                        shards.add(o);
                    }
                }
            } else {
                for (String url : urls) {
                    StoredObject shard = call(url, retrier, () -> store.stat(url));
                    if (shard == null) {
                        throw new IllegalArgumentException("no shard " + Locations.shown(url));
                    }
                    shards.add(shard);
                }
            }
            if (shards.isEmpty()) {
                throw new IllegalArgumentException(
                        Locations.shown(prefix) + " holds no .tar shard");
            }
            String classes = Locations.beside(shards.get(0).url(), CLASSES_FILE);
            return new StoredShards(store, retrier, limits, List.copyOf(shards), listed, classes);
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /**
     * The shards' URLs without their queries, which may hold a secret ({@link Locations#shown}).
     */
    @Override
    public List<String> names() {
        return shards.stream().map(o -> Locations.shown(o.url())).toList();
    }

    @Override
    public long length(int shard) {
        return shards.get(shard).length();
    }

    /** One ranged read per attempt; bytes failing {@code check} are read again, as a retry. */
    @Override
    public byte[] read(int shard, long offset, int length, BytesCheck check) throws IOException {
        String url = shards.get(shard).url();
        return call(
                url,
                retrier,
                () -> {
                    byte[] bytes = new byte[length];
                    long started = System.nanoTime();
                    try (StoredBody body = store.open(url, offset, length)) {
                        BodyReads.fill(
                                body, bytes, new BodyReads.Progress(), length, limits, started);
                    }
                    check.verify(bytes);
                    return bytes;
                });
    }

    @Override
    public int readShard(int shard, byte[] into) throws IOException {
        StoredObject object = shards.get(shard);
        if (object.length() > into.length) {
            throw new BadItemException(
                    Locations.shown(object.url()), object.length() + " bytes, over 2 GiB", null);
        }
        readWhole(object.url(), into, (int) object.length(), bytes -> {});
        return (int) object.length();
    }

    private void readWhole(String url, byte[] into, int length, BytesCheck check)
            throws IOException {
        call(url, retrier, new ResumingRead(store, url, into, length, limits, check));
    }

    @Override
    public byte[] sidecar(int shard, BytesCheck check) throws IOException {
        return small(Locations.withSuffix(shards.get(shard).url(), ShardIndexFile.SUFFIX), check);
    }

    @Override
    public List<String> classes() throws IOException {
        byte[] text = small(classesUrl, bytes -> {});
        return text == null ? List.of() : new String(text, StandardCharsets.UTF_8).lines().toList();
    }

    /**
     * A small object beside the shards, or null if the listing or the store says it is not there;
     * bytes failing {@code check} are read again.
     */
    private byte[] small(String url, BytesCheck check) throws IOException {
        StoredObject object =
                listed != null ? listed.get(url) : call(url, retrier, () -> store.stat(url));
        if (object == null) {
            return null;
        }
        if (object.length() > Integer.MAX_VALUE - 8) {
            throw new BadItemException(
                    Locations.shown(url), object.length() + " bytes, over 2 GiB", null);
        }
        byte[] bytes = new byte[(int) object.length()];
        readWhole(url, bytes, bytes.length, check);
        return bytes;
    }

    /** The failures that may pass: I/O errors the store did not mark as final, and bad bytes. */
    public static boolean isTransient(Throwable error) {
        Throwable e = Retrier.unwrap(error);
        return e instanceof IntegrityException
                || (e instanceof IOException
                        && !(e instanceof RequestRejected)
                        && !(e instanceof InterruptedIOException));
    }

    /** Runs a request under {@code retrier}; one still failing when the budget is spent is bad. */
    private static <T> T call(String url, Retrier retrier, Callable<T> request) throws IOException {
        String shown = Locations.shown(url);
        return GivenUp.badItem(shown, () -> retrier.call(shown, request));
    }

    @Override
    public long retries() {
        return retrier.retryCount();
    }

    @Override
    public void close() {
        store.close();
    }
}
