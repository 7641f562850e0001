package dev.asyncdataset.source;

import dev.asyncdataset.decode.BadItemException;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Reads one whole object of a known length, resuming where a failed attempt stopped: the first
 * attempt GETs the object; once its headers came, a body that fails midway (reset, truncated,
 * stalled) is continued by a ranged GET from the first byte not received, with If-Match on the
 * first response's ETag so that the pieces come from one version of the object. Each resumption is
 * one retry of the {@link Retrier}. The assembled body is checked against the first response's
 * checksum; a mismatch starts over from byte 0. One instance per read.
 */
final class ResumingGet {

    private final S3Reader reader;
    private final String key;
    private final String url;
    private final byte[] bytes;
    private GetObjectResponse first;
    private int received;

    private ResumingGet(S3Reader reader, String key, String url, int length) {
        this.reader = reader;
        this.key = key;
        this.url = url;
        this.bytes = new byte[length];
    }

    /**
     * Reads {@code key} of {@code length} bytes, retrying and resuming within {@code retrier}'s
     * budget.
     *
     * @throws Retrier.GaveUp if it still fails when the budget is spent
     */
    static byte[] read(
            S3Reader reader, Retrier retrier, S3Location location, String key, int length)
            throws Exception {
        ResumingGet get = new ResumingGet(reader, key, location.url(key), length);
        return retrier.call(get::attempt);
    }

    private byte[] attempt() throws Exception {
        S3Body body = reader.body(key, bytes, received);
        try {
            if (first == null) {
                long length = reader.get(key, body, null, null).response().contentLength();
                if (length != bytes.length) {
                    throw new BadItemException(
                            url, "has " + length + " bytes, listed with " + bytes.length, null);
                }
            } else {
                if (received < bytes.length) {
                    String range = S3Reader.range(received, bytes.length);
                    reader.get(key, body, range, first.eTag());
                }
                reader.check(url, first, bytes);
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
