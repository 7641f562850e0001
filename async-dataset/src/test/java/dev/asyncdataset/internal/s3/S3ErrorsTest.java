package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import java.io.IOException;
import java.net.SocketException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

class S3ErrorsTest {

    @Test
    void s3ErrorsAreSortedIntoMissingTransientAndFatal() {
        S3Exception slowDown =
                (S3Exception) S3Exception.builder().statusCode(503).message("SlowDown").build();
        S3Exception forbidden = (S3Exception) S3Exception.builder().statusCode(403).build();
        S3Exception missing = (S3Exception) NoSuchKeyException.builder().statusCode(404).build();
        assertTrue(S3Errors.isTransient(new CompletionException(slowDown)));
        assertTrue(S3Errors.isTransient(S3Exception.builder().statusCode(500).build()));
        assertTrue(S3Errors.isTransient(ApiCallAttemptTimeoutException.create(1000)));
        assertTrue(
                S3Errors.isTransient(
                        SdkClientException.create("io", new SocketException("Connection reset"))));
        assertTrue(S3Errors.isTransient(new IOException("truncated body")));
        assertFalse(S3Errors.isTransient(forbidden));
        assertFalse(S3Errors.isTransient(missing));
        assertFalse(S3Errors.isTransient(new BadItemException("k", "zero bytes", null)));
        assertFalse(S3Errors.isTransient(SdkClientException.create("Unable to load credentials")));
        assertTrue(S3Errors.isNotFound(new CompletionException(missing)));
        assertFalse(S3Errors.isNotFound(slowDown));
    }
}
