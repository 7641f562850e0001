package dev.asyncdataset.source.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class S3LocationTest {

    @Test
    void s3LocationsNormaliseThePrefix() {
        assertEquals(new S3Location("b", "p/q/"), S3Location.parse("s3://b/p/q"));
        assertEquals(new S3Location("b", "p/"), S3Location.parse("s3://b/p/"));
        assertEquals(new S3Location("b", ""), S3Location.parse("s3://b"));
        assertEquals("s3://b/p/k.jpg", S3Location.parse("s3://b/p").url("p/k.jpg"));
        assertThrows(IllegalArgumentException.class, () -> S3Location.parse("http://b/p"));
        assertThrows(IllegalArgumentException.class, () -> S3Location.parse("s3:///p"));
    }
}
