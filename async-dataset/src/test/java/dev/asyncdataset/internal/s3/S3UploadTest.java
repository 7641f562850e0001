package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class S3UploadTest {

    @Test
    void crc32HeaderIsTheBase64OfTheBigEndianChecksumOfTheFirstLengthBytes() {
        byte[] bytes = "123456789 and bytes past the length".getBytes(StandardCharsets.US_ASCII);
        // CRC32("123456789") = 0xCBF43926, the standard check value
        assertEquals("y/Q5Jg==", S3Upload.crc32(bytes, 9));
        assertEquals("AAAAAA==", S3Upload.crc32(bytes, 0));
    }
}
