package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.io.IntegrityException;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Checks a GET body against what the store says the object holds: against its S3 additional
 * checksum (CRC32, CRC32C, CRC64NVME, SHA-1, SHA-256) when the response carries one for the whole
 * object, else against its ETag, which is the MD5 of the body unless the object was uploaded in
 * parts (an ETag with a dash) or encrypted with SSE-KMS or SSE-C. Objects with neither pass
 * unchecked, as do those with only a checksum of parts (a value with a dash), which the SDK does
 * not check either.
 */
final class S3Integrity {

    /** The SDK's message when a streamed body fails its additional checksum. */
    private static final String SDK_MISMATCH = "different checksum than expected";

    private static final HexFormat HEX = HexFormat.of();
    private static final MessageDigest MD5 = newMd5();

    private S3Integrity() {}

    /**
     * Throws {@link IntegrityException} if the first {@code length} bytes of {@code body} do not
     * match the response's additional checksum or, without one, its MD5 ETag.
     *
     * @param url the object, for the message
     */
    static void check(String url, GetObjectResponse response, byte[] body, int length)
            throws IOException {
        if (S3Checksums.check(url, response, body, length)) {
            return;
        }
        byte[] etag = plainMd5Etag(response);
        if (etag == null) {
            return;
        }
        MessageDigest md5 = md5();
        md5.update(body, 0, length);
        byte[] actual = md5.digest();
        if (!MessageDigest.isEqual(actual, etag)) {
            throw new IntegrityException(
                    url + ": body MD5 " + HEX.formatHex(actual) + ", ETag " + HEX.formatHex(etag));
        }
    }

    /** True for a body the store's checksum refused: here or in the SDK's own validation. */
    static boolean isMismatch(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause()) {
            if (e instanceof IntegrityException
                    || (e.getMessage() != null && e.getMessage().contains(SDK_MISMATCH))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The ETag's 16 bytes if it is an MD5 of the body (32 hex digits, quoted or not), else null.
     */
    private static byte[] plainMd5Etag(GetObjectResponse r) {
        if (r.eTag() == null || r.sseCustomerAlgorithm() != null) {
            return null;
        }
        String sse = r.serverSideEncryptionAsString();
        if (sse != null && sse.startsWith("aws:kms")) {
            return null;
        }
        String etag = r.eTag();
        int start = etag.startsWith("\"") ? 1 : 0;
        int end = etag.length() - (etag.endsWith("\"") && etag.length() > 1 ? 1 : 0);
        if (end - start != 32) {
            return null;
        }
        for (int i = start; i < end; i++) {
            if (!HexFormat.isHexDigit(etag.charAt(i))) {
                return null;
            }
        }
        return HEX.parseHex(etag, start, end);
    }

    /** A new MD5 digest: a clone of one looked up once (a provider lookup per GET costs more). */
    private static MessageDigest md5() {
        try {
            return (MessageDigest) MD5.clone();
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's MD5 is cloneable", e);
        }
    }

    private static MessageDigest newMd5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
    }
}
