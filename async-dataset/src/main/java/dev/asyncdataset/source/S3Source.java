package dev.asyncdataset.source;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.util.Progress;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.s3.Retrier;
import dev.asyncdataset.internal.s3.S3Reader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * Images in an S3 bucket (or any S3-compatible store: MinIO, Ceph, S3Proxy), read with the AWS SDK
 * v2 asynchronous client. Items are listed once, by {@link #prepare} (which {@code
 * ConcurrentDataset} calls before the first epoch; {@code build()} does no I/O), from either
 *
 * <ul>
 *   <li>an ImageFolder layout, {@code prefix/<class>/<file>}: classes, extensions and labels as in
 *       {@link ImageFolderSource}, items in key order within a class; or
 *   <li>a manifest ({@link S3SourceBuilder#optManifest(String)}): CSV {@code key,label} or JSON
 *       lines {@code {"key": ..., "label": ...}}, keys relative to the prefix, labels integers or
 *       class names.
 * </ul>
 *
 * <p>{@link #fetch} GETs the object and checks the body against the store's checksum (see {@link
 * S3SourceBuilder#optVerifyChecksums}), retrying transient failures (5xx, SlowDown, throttling,
 * timeouts, resets, truncated bodies, checksum mismatches) with exponential backoff and full jitter
 * within a retry budget ({@link S3SourceBuilder#optRetryBudget}); a missing key, an empty object,
 * an object over {@link S3SourceBuilder#optMaxObjectBytes}, or a GET still failing when the budget
 * is spent is a {@link BadItemException} that names the key. With {@link S3SourceBuilder#optCache}
 * the bytes are kept in a bounded local LRU cache, so later epochs need no GET.
 *
 * <pre>{@code
 * S3Source source = S3Source.builder()
 *         .setUrl("s3://my-bucket/imagenet/train")
 *         .optMaxConnections(128)
 *         .optCache(Path.of("/mnt/cache"), 50L << 30)
 *         .build();
 * }</pre>
 */
public final class S3Source implements LabeledImageSource {

    private static final Logger logger = LoggerFactory.getLogger(S3Source.class);

    private final BucketPrefix location;
    private final S3Reader reader;
    private final Lister lister;
    private final Retrier retrier;
    private final DiskCache cache;
    private final S3AsyncClient client;

    /** A lock, not a monitor: listing does I/O, which would pin a virtual thread's carrier. */
    private final ReentrantLock listing = new ReentrantLock();

    private volatile LabeledKeys items;

    /** Lists the items, reporting to a progress (which may be null). */
    @FunctionalInterface
    interface Lister {
        LabeledKeys list(Progress progress) throws IOException;
    }

    S3Source(
            BucketPrefix location,
            S3AsyncClient client,
            S3Reader reader,
            Lister lister,
            Retrier retrier,
            DiskCache cache) {
        this.location = location;
        this.client = client;
        this.reader = reader;
        this.lister = lister;
        this.retrier = retrier;
        this.cache = cache;
    }

    /**
     * Creates a builder; {@link S3SourceBuilder#setUrl} is required.
     *
     * @return a new builder
     */
    public static S3SourceBuilder builder() {
        return new S3SourceBuilder();
    }

    /**
     * Returns the class names (the label of an item is its class's position in this list); empty
     * for a manifest with integer labels.
     *
     * @return the sorted class names
     */
    public List<String> getClasses() {
        return items().classes();
    }

    /**
     * Returns the object key of item {@code index}.
     *
     * @param index the item index
     * @return the full key in the bucket
     */
    public String key(long index) {
        return location.prefix() + items().key(index);
    }

    /** Returns how many GETs were retried so far, over all items and threads. */
    @Override
    public long retries() {
        return retrier.retryCount();
    }

    /** Returns how many fetches were served from the local cache; 0 without a cache. */
    @Override
    public long cacheHits() {
        return cache == null ? 0 : cache.hitCount();
    }

    /** Returns how many fetches missed the local cache and went to S3; 0 without a cache. */
    @Override
    public long cacheMisses() {
        return cache == null ? 0 : cache.missCount();
    }

    /**
     * Lists the bucket prefix (or reads the manifest), once: later calls do nothing. Each LIST page
     * is retried on its own within the retry budget.
     *
     * @param progress reports the keys listed, or {@code null}
     * @throws IOException if a page or the manifest cannot be read within the retry budget
     */
    @Override
    public void prepare(Progress progress) throws IOException {
        listing.lock();
        try {
            if (items == null) {
                items = lister.list(progress);
            }
        } finally {
            listing.unlock();
        }
    }

    /** The listed items; lists them now if {@link #prepare} was not called. */
    private LabeledKeys items() {
        LabeledKeys listed = items;
        if (listed == null) {
            try {
                prepare(null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            listed = items;
        }
        return listed;
    }

    /**
     * Returns the number of items, listing them first if {@link #prepare} was not called.
     *
     * @throws UncheckedIOException if that listing fails
     */
    @Override
    public long size() {
        return items().size();
    }

    /** Returns how many GET bodies failed their checksum (each then retried), over all items. */
    @Override
    public long integrityFailures() {
        return reader.integrityFailures();
    }

    /**
     * Reads item {@code index} from the cache or S3. Running out of memory on one item makes that
     * item bad, not the storage: {@code BadItemPolicy.SKIP} skips it.
     */
    @Override
    public byte[] fetch(NDManager manager, long index) throws Exception {
        try {
            return read(key(index));
        } catch (OutOfMemoryError e) {
            throw new BadItemException(describe(index), "out of memory reading it", e);
        }
    }

    private byte[] read(String key) throws Exception {
        String url = location.url(key);
        byte[] bytes = cache == null ? null : cache.get(url);
        if (bytes == null) {
            bytes = getWithRetries(key);
            if (cache != null) {
                cacheQuietly(url, bytes);
            }
        }
        return bytes;
    }

    /**
     * GETs {@code key}, retrying transient failures; one that outlasts the retry budget makes the
     * item bad, so that {@code BadItemPolicy.SKIP} can leave it out and the default policy names
     * it.
     */
    private byte[] getWithRetries(String key) throws Exception {
        try {
            return retrier.call(key, () -> reader.get(key));
        } catch (Retrier.GaveUp e) {
            throw new BadItemException(location.url(key), e.getMessage(), e.getCause());
        }
    }

    /** A full or failing cache disk costs speed, not the item: warn and go on. */
    private void cacheQuietly(String url, byte[] bytes) {
        try {
            cache.put(url, bytes);
        } catch (IOException e) {
            logger.warn("cannot cache {}: {}", url, e.toString());
        }
    }

    @Override
    public long label(long index) {
        return items().label(index);
    }

    @Override
    public Record decode(NDManager manager, long index, byte[] fetched) throws BadItemException {
        return items().decode(manager, index, fetched, describe(index));
    }

    /** Returns {@code s3://bucket/key} of item {@code index}. */
    @Override
    public String describe(long index) {
        return location.url(key(index));
    }

    /** Closes the S3 client and its connection pool. */
    @Override
    public void close() {
        client.close();
    }
}
