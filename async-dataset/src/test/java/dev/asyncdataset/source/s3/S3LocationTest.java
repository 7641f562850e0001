package dev.asyncdataset.source.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.store.Stores;
import java.util.List;
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
        assertEquals(new S3Location("b", "p/"), S3Location.parse("S3://b/p"));
    }

    @Test
    @SuppressWarnings("removal")
    void theDeprecatedIsS3AnswersAsTheTableOfStoresDoes() {
        for (String location : List.of("s3://b/p/", "S3://b", "az://c/p/", "/data", "file:/d")) {
            assertEquals(
                    Stores.scheme(location).equals(Stores.S3), S3Location.isS3(location), location);
        }
        assertTrue(S3Location.isS3("S3://b/p/"));
        assertFalse(S3Location.isS3(null));
    }
}
