package dev.asyncdataset.source;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Images in an S3 bucket (or any S3-compatible store: MinIO, Ceph, S3Proxy), read with the AWS SDK
 * v2 asynchronous client. Items are listed once, when the source is built, from either
 *
 * <ul>
 *   <li>an ImageFolder layout, {@code prefix/<class>/<file>}: classes, extensions and labels as in
 *       {@link ImageFolderSource}, items in key order within a class; or
 *   <li>a manifest ({@link S3SourceBuilder#optManifest(String)}): CSV {@code key,label} or JSON
 *       lines {@code {"key": ..., "label": ...}}, keys relative to the prefix, labels integers or
 *       class names.
 * </ul>
 *
 * <p>{@link #fetch} GETs the object, retrying transient failures (5xx, SlowDown, throttling,
 * timeouts, resets, truncated bodies) with exponential backoff and full jitter; a missing key, an
 * empty object, or a GET still failing after the last attempt is a {@link BadItemException} that
 * names the key. With {@link S3SourceBuilder#optCache} the bytes are kept in a bounded local LRU
 * cache, so later epochs need no GET.
 *
 * <pre>{@code
 * S3Source source = S3Source.builder()
 *         .setUrl("s3://my-bucket/imagenet/train")
 *         .optMaxConnections(128)
 *         .optCache(Path.of("/mnt/cache"), 50L << 30)
 *         .build();
 * }</pre>
 */
public final class S3Source implements ItemSource<byte[]> {

    private static final Logger LOG = LoggerFactory.getLogger(S3Source.class);

    private final S3Location location;
    private final S3AsyncClient client;
    private final LabeledKeys items;
    private final Retrier retrier;
    private final DiskCache cache;

    S3Source(
            S3Location location,
            S3AsyncClient client,
            LabeledKeys items,
            Retrier retrier,
            DiskCache cache) {
        this.location = location;
        this.client = client;
        this.items = items;
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
        return items.classes();
    }

    /**
     * Returns the object key of item {@code index}.
     *
     * @param index the item index
     * @return the full key in the bucket
     */
    public String key(long index) {
        return location.prefix() + items.key(index);
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

    @Override
    public long size() {
        return items.size();
    }

    @Override
    public byte[] fetch(NDManager manager, long index) throws Exception {
        String key = key(index);
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
     * GETs {@code key}, retrying transient failures; one that outlasts every attempt makes the item
     * bad, so that {@code BadItemPolicy.SKIP} can leave it out and the default policy names it.
     */
    private byte[] getWithRetries(String key) throws Exception {
        try {
            return retrier.call(() -> get(key));
        } catch (Exception e) {
            if (!S3Errors.isTransient(e)) {
                throw e;
            }
            Throwable last = S3Errors.unwrap(e);
            int attempts = retrier.maxAttempts();
            String tries = attempts == 1 ? "1 attempt" : attempts + " attempts";
            throw new BadItemException(
                    location.url(key), "still failing after " + tries + ": " + last, last);
        }
    }

    /** A full or failing cache disk costs speed, not the item: warn and go on. */
    private void cacheQuietly(String url, byte[] bytes) {
        try {
            cache.put(url, bytes);
        } catch (IOException e) {
            LOG.warn("cannot cache {}: {}", url, e.toString());
        }
    }

    private byte[] get(String key) throws Exception {
        CompletableFuture<ResponseBytes<GetObjectResponse>> response =
                client.getObject(
                        r -> r.bucket(location.bucket()).key(key),
                        AsyncResponseTransformer.toBytes());
        ResponseBytes<GetObjectResponse> body;
        try {
            body = response.get();
        } catch (InterruptedException e) {
            response.cancel(true);
            throw e;
        } catch (Exception e) {
            if (S3Errors.isNotFound(e)) {
                throw new BadItemException(location.url(key), "no such key", S3Errors.unwrap(e));
            }
            throw e;
        }
        byte[] bytes = body.asByteArrayUnsafe();
        Long expected = body.response().contentLength();
        if (expected != null && expected != bytes.length) {
            throw new IOException(
                    location.url(key)
                            + ": truncated body, "
                            + bytes.length
                            + " of "
                            + expected
                            + " bytes");
        }
        return bytes;
    }

    @Override
    public Record decode(NDManager manager, long index, byte[] fetched) throws BadItemException {
        return items.decode(manager, index, fetched, describe(index));
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
