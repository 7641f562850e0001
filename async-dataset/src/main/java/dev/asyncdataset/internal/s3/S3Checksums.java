package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.io.IntegrityException;
import java.util.Base64;
import java.util.function.Function;
import software.amazon.awssdk.checksums.DefaultChecksumAlgorithm;
import software.amazon.awssdk.checksums.SdkChecksum;
import software.amazon.awssdk.checksums.spi.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * The S3 additional checksum of a whole object (CRC32, CRC32C, CRC64NVME, SHA-1, SHA-256), checked
 * over the body once it is read, with the SDK's own checksum implementations; the first the
 * response carries is checked. A checksum of parts (a multipart upload's, a value with a dash)
 * covers no whole body and is skipped, as the SDK skips it.
 */
final class S3Checksums {

    private record Kind(ChecksumAlgorithm algorithm, Function<GetObjectResponse, String> value) {}

    private static final Kind[] KINDS = {
        new Kind(DefaultChecksumAlgorithm.CRC64NVME, GetObjectResponse::checksumCRC64NVME),
        new Kind(DefaultChecksumAlgorithm.CRC32C, GetObjectResponse::checksumCRC32C),
        new Kind(DefaultChecksumAlgorithm.CRC32, GetObjectResponse::checksumCRC32),
        new Kind(DefaultChecksumAlgorithm.SHA256, GetObjectResponse::checksumSHA256),
        new Kind(DefaultChecksumAlgorithm.SHA1, GetObjectResponse::checksumSHA1)
    };

    private S3Checksums() {}

    /**
     * Checks the first {@code length} bytes of {@code body} against the whole-object checksum
     * {@code response} carries; false if it carries none.
     *
     * @throws IntegrityException if they differ
     */
    static boolean check(String url, GetObjectResponse response, byte[] body, int length)
            throws IntegrityException {
        for (Kind kind : KINDS) {
            String expected = kind.value().apply(response);
            if (expected != null && expected.indexOf('-') < 0) {
                SdkChecksum checksum = SdkChecksum.forAlgorithm(kind.algorithm());
                checksum.update(body, 0, length);
                String actual = Base64.getEncoder().encodeToString(checksum.getChecksumBytes());
                if (!actual.equals(expected)) {
                    throw new IntegrityException(
                            url
                                    + ": body "
                                    + kind.algorithm().algorithmId()
                                    + " "
                                    + actual
                                    + ", the store's "
                                    + expected);
                }
                return true;
            }
        }
        return false;
    }
}
