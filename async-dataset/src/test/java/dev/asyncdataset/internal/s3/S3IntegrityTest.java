package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.internal.io.IntegrityException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;

class S3IntegrityTest {

    private static final byte[] BODY = "hello".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FLIPPED = "hellp".getBytes(StandardCharsets.US_ASCII);
    private static final String MD5 = "\"5d41402abc4b2a76b9719d911017c592\"";

    @Test
    void aBodyMustMatchItsMd5Etag() throws Exception {
        Exception e = checkedBy(GetObjectResponse.builder().eTag(MD5).build(), "MD5");
        assertTrue(S3Errors.isTransient(e));
    }

    /** Stores differ in how they spell the ETag: upper-case hex, or no quotes. */
    @Test
    void anMd5EtagIsCheckedInAnyCaseWithOrWithoutQuotes() {
        for (String etag : new String[] {MD5.toUpperCase(), MD5.replace("\"", "")}) {
            GetObjectResponse response = GetObjectResponse.builder().eTag(etag).build();
            assertThrows(
                    IntegrityException.class,
                    () -> S3Integrity.check("s3://b/k", response, FLIPPED, FLIPPED.length),
                    etag);
        }
    }

    @Test
    void etagsThatAreNotAnMd5AreNotChecked() throws Exception {
        GetObjectResponse multipart =
                GetObjectResponse.builder().eTag("\"5d41402abc4b2a76b9719d911017c592-3\"").build();
        GetObjectResponse kms =
                GetObjectResponse.builder()
                        .eTag(MD5)
                        .serverSideEncryption(ServerSideEncryption.AWS_KMS)
                        .build();
        for (GetObjectResponse response : new GetObjectResponse[] {multipart, kms}) {
            S3Integrity.check("s3://b/k", response, FLIPPED, FLIPPED.length);
        }
    }

    /** CRC32C of "hello" is 0x9a71bb4c; CRC32 is 0x3610a686. */
    @Test
    void aWholeObjectChecksumIsCheckedInsteadOfTheEtag() throws Exception {
        Exception e =
                checkedBy(
                        GetObjectResponse.builder()
                                .eTag(MD5)
                                .checksumCRC32C(base64(0x9a71bb4c))
                                .build(),
                        "CRC32C");
        assertTrue(S3Errors.isTransient(e));
        GetObjectResponse crc32 =
                GetObjectResponse.builder()
                        .eTag("\"other\"")
                        .checksumCRC32(base64(0x3610a686))
                        .build();
        S3Integrity.check("s3://b/k", crc32, BODY, BODY.length);
    }

    /** A checksum of parts covers no whole body: the ETag decides, as without a checksum. */
    @Test
    void aChecksumOfPartsLeavesTheCheckToTheEtag() {
        GetObjectResponse composite =
                GetObjectResponse.builder().eTag(MD5).checksumCRC32C("AAAAAA==-2").build();
        assertThrows(
                IntegrityException.class,
                () -> S3Integrity.check("s3://b/k", composite, FLIPPED, FLIPPED.length));
    }

    private static String base64(int crc) {
        return Base64.getEncoder().encodeToString(ByteBuffer.allocate(4).putInt(crc).array());
    }

    /**
     * AWS S3 gives every object uploaded since 2025 a CRC64NVME, which the SDK computes only with
     * the optional aws-crt, absent here as from a user's classpath that does not add it: the check
     * then falls to the MD5 ETag, as the SDK skips what it cannot compute.
     */
    @Test
    void aCrc64NvmeWithoutTheCrtLeavesTheCheckToTheEtag() throws Exception {
        assertThrows(
                ClassNotFoundException.class,
                () -> Class.forName("software.amazon.awssdk.crt.checksums.CRC64NVME"),
                "this module's tests run without aws-crt");
        checkedBy(
                GetObjectResponse.builder().eTag(MD5).checksumCRC64NVME("AAAAAAAAAAA=").build(),
                "MD5");
    }

    /**
     * Checks that {@code response} passes BODY and refuses FLIPPED by {@code check}; the refusal.
     */
    private static IntegrityException checkedBy(GetObjectResponse response, String check)
            throws Exception {
        S3Integrity.check("s3://b/k", response, BODY, BODY.length);
        IntegrityException e =
                assertThrows(
                        IntegrityException.class,
                        () -> S3Integrity.check("s3://b/k", response, FLIPPED, FLIPPED.length));
        assertTrue(e.getMessage().startsWith("s3://b/k: body " + check + " "), e.getMessage());
        return e;
    }

    @Test
    void theSdksChecksumFailureIsATransientMismatch() {
        SdkClientException sdk =
                SdkClientException.create(
                        "Data read has a different checksum than expected. Was 0x1, but expected"
                                + " 0x2");
        assertTrue(S3Integrity.isMismatch(sdk));
        assertTrue(S3Errors.isTransient(sdk));
    }
}
