package dev.asyncdataset.internal.s3;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.io.IntegrityException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * One GET attempt of one object: the body within the size limit and the phase timeouts of {@link
 * S3Body}, checked against the store's checksum ({@link S3Integrity}) unless checking is off; or
 * one byte range of it. Counts the bodies that failed their checksum.
 */
public final class S3Reader {

    private final S3AsyncClient client;
    private final BucketPrefix location;
    private final long maxObjectBytes;
    private final Duration firstByteTimeout;
    private final Duration idleTimeout;
    private final boolean verify;
    private final LongAdder integrityFailures = new LongAdder();

    S3Reader(
            S3AsyncClient client,
            BucketPrefix location,
            long maxObjectBytes,
            Duration firstByteTimeout,
            Duration idleTimeout,
            boolean verify) {
        this.client = client;
        this.location = location;
        this.maxObjectBytes = maxObjectBytes;
        this.firstByteTimeout = firstByteTimeout;
        this.idleTimeout = idleTimeout;
        this.verify = verify;
    }

    /**
     * GETs {@code key} once; a missing key or an object over the limit is a bad item. The body's
     * own future decides: a phase timeout ends the attempt even while the SDK still waits, and
     * cancelling the SDK's future then aborts the request. A complete body is left to the SDK,
     * which returns its connection to the pool.
     */
    public byte[] get(String key) throws Exception {
        return get(key, body(key, null), null, null).bytes();
    }

    /**
     * GETs {@code key} once as {@link #get(String)} does, into an array taken from {@code pool} at
     * the response headers: the array goes back to the pool if the attempt fails, else the caller
     * gives it back once nothing reads the body.
     *
     * @return the body: a heap buffer over the array, position 0, limit the object's length
     */
    public ByteBuffer get(String key, BodyBuffers pool) throws Exception {
        S3Body body = body(key, pool);
        return BodyBuffers.body(get(key, body, null, null).bytes(), body.filled());
    }

    private S3Body body(String key, BodyBuffers pool) {
        return new S3Body(location.url(key), maxObjectBytes, firstByteTimeout, idleTimeout, pool);
    }

    /** GETs {@code length} bytes of {@code key} from {@code offset} once: one ranged GET. */
    public byte[] getRange(String key, long offset, int length) throws Exception {
        S3Body body = body(key, new byte[length], 0, length);
        return get(key, body, range(offset, offset + length), null).bytes();
    }

    /**
     * A body of {@code key} written into {@code into} from {@code start} up to at most {@code end},
     * with these timeouts.
     */
    S3Body body(String key, byte[] into, int start, int end) {
        return new S3Body(location.url(key), firstByteTimeout, idleTimeout, into, start, end);
    }

    /**
     * GETs {@code key} once into {@code body}: the whole object ({@code range} null), checked
     * against its checksum when checking is on, or the {@code range} (a Range header value), sent
     * with If-Match {@code etag} when it is not null and left unchecked: a range has no checksum.
     * However it ends, nothing is written into the body's array after it returns, and a failed
     * body's pooled array is back in its pool.
     */
    S3Body.Result get(String key, S3Body body, String range, String etag) throws Exception {
        String url = location.url(key);
        boolean whole = range == null;
        CompletableFuture<S3Body.Result> response =
                client.getObject(
                        r -> {
                            r.bucket(location.bucket()).key(key).range(range).ifMatch(etag);
                            if (verify && whole) {
                                r.checksumMode(ChecksumMode.ENABLED);
                            }
                        },
                        body);
        try {
            S3Body.Result result = response.applyToEither(body.result(), r -> r).get();
            if (whole) {
                check(url, result.response(), result.bytes(), body.filled());
            }
            return result;
        } catch (Exception e) {
            body.stop(e);
            response.cancel(true);
            body.recycle();
            throw failure(url, e);
        }
    }

    /**
     * Checks a whole object, the first {@code length} of {@code bytes}, against the checksum in
     * {@code response} when checking is on, counting a mismatch.
     */
    void check(String url, GetObjectResponse response, byte[] bytes, int length)
            throws IOException {
        if (verify) {
            try {
                S3Integrity.check(url, response, bytes, length);
            } catch (IntegrityException e) {
                countMismatch(e.getMessage());
                throw e;
            }
        }
    }

    private Exception failure(String url, Exception e) {
        BadItemException bad = S3Errors.badItem(e);
        if (bad != null) {
            return bad;
        }
        if (S3Errors.isNotFound(e)) {
            return new BadItemException(url, "no such key", S3Errors.unwrap(e));
        }
        if (S3Integrity.isMismatch(e) && !(e instanceof IntegrityException)) {
            countMismatch(url + ": " + S3Errors.unwrap(e).getMessage());
        }
        return e;
    }

    private void countMismatch(String what) {
        integrityFailures.increment();
        LoaderEvents.IntegrityFailure.emit(what);
    }

    /** The Range header value of bytes {@code [from, to)}. */
    public static String range(long from, long to) {
        return "bytes=" + from + "-" + (to - 1);
    }

    /** How many bodies failed their checksum so far. */
    public long integrityFailures() {
        return integrityFailures.sum();
    }
}
