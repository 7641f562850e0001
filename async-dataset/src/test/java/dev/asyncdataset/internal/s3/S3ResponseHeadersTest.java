package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.ServerSideEncryption;

class S3ResponseHeadersTest {

    @Test
    void theFieldsTheReadersUseComeFromTheHeadersWhateverTheirCase() {
        SdkHttpResponse headers =
                SdkHttpResponse.builder()
                        .statusCode(206)
                        .putHeader("content-length", "5")
                        .putHeader("ETag", "\"5d41402abc4b2a76b9719d911017c592\"")
                        .putHeader("Content-Range", "bytes 0-4/10")
                        .putHeader("X-Amz-Checksum-Crc32c", "mnG7TA==")
                        .putHeader("x-amz-server-side-encryption", "aws:kms")
                        .putHeader("x-amz-server-side-encryption-customer-algorithm", "AES256")
                        .build();
        GetObjectResponse response = S3ResponseHeaders.of(headers);
        assertEquals(5L, response.contentLength());
        assertEquals("\"5d41402abc4b2a76b9719d911017c592\"", response.eTag());
        assertEquals("bytes 0-4/10", response.contentRange());
        assertEquals("mnG7TA==", response.checksumCRC32C());
        assertEquals(ServerSideEncryption.AWS_KMS, response.serverSideEncryption());
        assertEquals("AES256", response.sseCustomerAlgorithm());
        assertNull(response.checksumCRC32());
        assertEquals(206, response.sdkHttpResponse().statusCode());
    }

    @Test
    void aResponseWithoutContentLengthHasNone() {
        SdkHttpResponse headers = SdkHttpResponse.builder().statusCode(200).build();
        assertNull(S3ResponseHeaders.of(headers).contentLength());
    }
}
