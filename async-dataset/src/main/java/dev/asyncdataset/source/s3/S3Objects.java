package dev.asyncdataset.source.s3;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.s3.S3Reader;
import dev.asyncdataset.source.SourceStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * The objects of one bucket as the S3 sources read them: from the local cache when it holds them,
 * else by GET (the reader's size limit, timeouts and checksum check), retried within the budget,
 * then cached. Owns the client.
 *
 * @param location the bucket and the source's prefix
 * @param client the client, closed by {@link #close}
 * @param reader one GET attempt
 * @param retrier retries GETs (and the listing's pages) within the budget
 * @param cache the local cache, or null
 */
record S3Objects(
        BucketPrefix location,
        S3AsyncClient client,
        S3Reader reader,
        Retrier retrier,
        DiskCache cache)
        implements AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(S3Objects.class);

    /**
     * Reads object {@code key} from the cache or S3.
     *
     * @param key the full key in the bucket
     * @throws BadItemException naming the object if it is missing, too large, or still failing when
     *     the retry budget is spent
     */
    byte[] read(String key) throws Exception {
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
     * Reads object {@code key} as {@link #read} does, a GET's body into an array taken from {@code
     * pool} (each failed attempt's array goes back at once); the caller gives back the array of the
     * body returned once nothing reads it. A body from the cache is an array of its own.
     *
     * @param key the full key in the bucket
     * @param pool the recycled arrays
     * @return the body: a heap buffer, position 0, limit the object's length
     * @throws BadItemException as {@link #read} does
     */
    ByteBuffer read(String key, BodyBuffers pool) throws Exception {
        String url = location.url(key);
        byte[] cached = cache == null ? null : cache.get(url);
        if (cached != null) {
            return ByteBuffer.wrap(cached);
        }
        ByteBuffer body = withRetries(key, () -> reader.get(key, pool));
        if (cache != null) {
            cacheQuietly(url, body);
        }
        return body;
    }

    /**
     * GETs {@code key}, retrying transient failures; one that outlasts the retry budget makes the
     * item bad, so that {@code BadItemPolicy.SKIP} can leave it out and the default policy names
     * it.
     */
    private byte[] getWithRetries(String key) throws Exception {
        return withRetries(key, () -> reader.get(key));
    }

    private <T> T withRetries(String key, Callable<T> get) throws Exception {
        try {
            return retrier.call(key, get);
        } catch (Retrier.GaveUp e) {
            throw new BadItemException(location.url(key), e.getMessage(), e.getCause());
        }
    }

    /** A full or failing cache disk costs speed, not the item: warn and go on. */
    private void cacheQuietly(String url, byte[] bytes) {
        cacheQuietly(url, ByteBuffer.wrap(bytes));
    }

    private void cacheQuietly(String url, ByteBuffer body) {
        try {
            cache.put(url, body);
        } catch (IOException e) {
            logger.warn("cannot cache {}: {}", url, e.toString());
        }
    }

    /** The GETs retried, the cache's hits and misses (0 without a cache) and the bad bodies. */
    SourceStats stats() {
        return new SourceStats(
                retrier.retryCount(),
                cache == null ? 0 : cache.hitCount(),
                cache == null ? 0 : cache.missCount(),
                reader.integrityFailures(),
                0,
                0);
    }

    /** Closes the client and its connection pool. */
    @Override
    public void close() {
        client.close();
    }
}
