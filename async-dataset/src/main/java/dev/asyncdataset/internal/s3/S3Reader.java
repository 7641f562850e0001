package dev.asyncdataset.internal.s3;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.io.IntegrityException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * One GET attempt of one object: the body within the size limit and the phase timeouts of {@link
 * S3Body}, checked against the store's checksum ({@link S3Integrity}) unless checking is off; or
 * one byte range of it. Counts the bodies that failed their checksum. The GET runs on the calling
 * (virtual) thread through the blocking client of {@link S3Clients#sync}, its body read from the
 * response stream straight into the body's array.
 */
public final class S3Reader {

    /**
     * The response as a stream without the SDK's default abort timer, which schedules a task per
     * response on a thread of its own, due in 60 s; the first read cancels it, but its executor
     * keeps cancelled tasks queued until they are due, then wakes to drop each one. The phase
     * timeouts of {@link S3Body} bound the read instead.
     */
    static final ResponseTransformer<GetObjectResponse, ResponseInputStream<GetObjectResponse>>
            STREAM = ResponseTransformer.toInputStream(Duration.ZERO);

    private final S3Clients clients;
    private final BucketPrefix location;
    private final long maxObjectBytes;
    private final S3Body.Timeouts timeouts;
    private final boolean verify;
    private final LongAdder integrityFailures = new LongAdder();

    S3Reader(
            S3Clients clients,
            BucketPrefix location,
            long maxObjectBytes,
            S3Body.Timeouts timeouts,
            boolean verify) {
        this.clients = clients;
        this.location = location;
        this.maxObjectBytes = maxObjectBytes;
        this.timeouts = timeouts;
        this.verify = verify;
    }

    /**
     * GETs {@code key} once; a missing key or an object over the limit is a bad item. A phase
     * timeout ends the attempt ({@link S3Body}); a complete body returns its connection to the
     * pool.
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
        return new S3Body(location.url(key), maxObjectBytes, timeouts, pool);
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
        return new S3Body(location.url(key), timeouts, into, start, end);
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
        GetObjectRequest.Builder request =
                GetObjectRequest.builder()
                        .bucket(location.bucket())
                        .key(key)
                        .range(range)
                        .ifMatch(etag);
        if (verify && whole) {
            request.checksumMode(ChecksumMode.ENABLED);
        }
        GetObjectRequest built = request.build();
        try {
            S3Body.Result result = body.read(() -> clients.sync().getObject(built, STREAM));
            if (whole) {
                check(url, result.response(), result.bytes(), body.filled());
            }
            return result;
        } catch (Exception e) {
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
