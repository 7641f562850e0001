package dev.asyncdataset.internal.s3;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.Retrier;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Reads one whole object of a known length, resuming where a failed attempt stopped: the first
 * attempt GETs the object; once its headers came, a body that fails midway (reset, truncated,
 * stalled) is continued by a ranged GET from the first byte not received, with If-Match on the
 * first response's ETag so that the pieces come from one version of the object. Each resumption is
 * one retry of the {@link Retrier}. The assembled body is checked against the first response's
 * checksum; a mismatch starts over from byte 0. The body goes into an array given by the caller (a
 * reused shard buffer, at least the object's length); once {@link #read} returns or throws, nothing
 * writes into it any more. One instance per read.
 */
public final class ResumingGet {

    private final S3Reader reader;
    private final String key;
    private final String url;
    private final byte[] bytes;
    private final int length;
    private GetObjectResponse first;
    private int received;

    private ResumingGet(S3Reader reader, String key, String url, byte[] into, int length) {
        this.reader = reader;
        this.key = key;
        this.url = url;
        this.bytes = into;
        this.length = length;
    }

    /**
     * Reads {@code key} of {@code length} bytes into the start of {@code into}, retrying and
     * resuming within {@code retrier}'s budget.
     *
     * @throws Retrier.GaveUp if it still fails when the budget is spent
     */
    public static void read(
            S3Reader reader,
            Retrier retrier,
            BucketPrefix location,
            String key,
            byte[] into,
            int length)
            throws Exception {
        ResumingGet get = new ResumingGet(reader, key, location.url(key), into, length);
        retrier.call(key, get::attempt);
    }

    private byte[] attempt() throws Exception {
        S3Body body = reader.body(key, bytes, received, length);
        try {
            if (first == null) {
                long got = reader.get(key, body, null, null).response().contentLength();
                if (got != length) {
                    throw new BadItemException(
                            url, "has " + got + " bytes, listed with " + length, null);
                }
            } else {
                if (received < length) {
                    String range = S3Reader.range(received, length);
                    reader.get(key, body, range, first.eTag());
                }
                reader.check(url, first, bytes, length);
            }
            return bytes;
        } catch (Exception e) {
            progress(body, e);
            throw e;
        }
    }

    /** Keeps what a failed attempt received, unless the pieces cannot be trusted. */
    private void progress(S3Body body, Exception e) {
        if (first == null) {
            first = body.response();
        }
        boolean resumable = first != null && first.eTag() != null && !S3Integrity.isMismatch(e);
        received = resumable ? body.filled() : 0;
        if (!resumable) {
            first = null;
        }
    }
}
