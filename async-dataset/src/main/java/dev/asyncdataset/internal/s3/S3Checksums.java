package dev.asyncdataset.internal.s3;

import static software.amazon.awssdk.checksums.DefaultChecksumAlgorithm.CRC32;
import static software.amazon.awssdk.checksums.DefaultChecksumAlgorithm.CRC32C;
import static software.amazon.awssdk.checksums.DefaultChecksumAlgorithm.CRC64NVME;
import static software.amazon.awssdk.checksums.DefaultChecksumAlgorithm.SHA1;
import static software.amazon.awssdk.checksums.DefaultChecksumAlgorithm.SHA256;

import dev.asyncdataset.internal.io.IntegrityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Function;
import software.amazon.awssdk.checksums.SdkChecksum;
import software.amazon.awssdk.checksums.spi.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * The S3 additional checksum of a whole object (CRC32, CRC32C, CRC64NVME, SHA-1, SHA-256), checked
 * over the body once it is read, with the SDK's own checksum implementations; the first the
 * response carries is checked. A checksum of parts (a multipart upload's, a value with a dash)
 * covers no whole body and is skipped, as the SDK skips it; so is one the SDK cannot compute here
 * (CRC64NVME without the optional {@code aws-crt} on the classpath), as the SDK skips it too.
 */
final class S3Checksums {

    private record Kind(ChecksumAlgorithm algorithm, Function<GetObjectResponse, String> value) {}

    /** The kinds the SDK can compute here, in the order they are looked for. */
    private static final List<Kind> KINDS =
            computable(
                    new Kind(CRC64NVME, GetObjectResponse::checksumCRC64NVME),
                    new Kind(CRC32C, GetObjectResponse::checksumCRC32C),
                    new Kind(CRC32, GetObjectResponse::checksumCRC32),
                    new Kind(SHA256, GetObjectResponse::checksumSHA256),
                    new Kind(SHA1, GetObjectResponse::checksumSHA1));

    private S3Checksums() {}

    /** Those of {@code kinds} the SDK computes on this classpath (CRC64NVME needs aws-crt). */
    private static List<Kind> computable(Kind... kinds) {
        List<Kind> computable = new ArrayList<>();
        for (Kind kind : kinds) {
            try {
                SdkChecksum.forAlgorithm(kind.algorithm());
                computable.add(kind);
            } catch (RuntimeException e) {
                // the SDK's implementation needs a library that is not on the classpath
            }
        }
        return List.copyOf(computable);
    }

    /**
     * Checks the first {@code length} bytes of {@code body} against the whole-object checksum
     * {@code response} carries; false if it carries none the SDK computes here.
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
