package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.internal.io.ObjectChanged;
import dev.asyncdataset.store.RequestRejected;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

class S3ErrorResponsesTest {

    @Test
    void aMissingKeyIsTheSdksNotFound() {
        S3Exception e =
                S3ErrorResponses.exception(
                        response(404, "rid-1"),
                        "<Error><Code>NoSuchKey</Code><Message>The specified key does not"
                                + " exist.</Message></Error>");
        assertEquals(404, e.statusCode());
        assertEquals("NoSuchKey", e.awsErrorDetails().errorCode());
        assertEquals("rid-1", e.requestId());
        assertTrue(e.getMessage().startsWith("The specified key does not exist."), e.getMessage());
        assertTrue(S3Errors.isNotFound(e));
        assertFalse(S3Errors.isTransient(e));
    }

    @Test
    void slowDownAndServerErrorsAreTransientAndAFailedPreconditionIsNot() {
        S3Exception slowDown =
                S3ErrorResponses.exception(
                        response(503, null), "<Error><Code>SlowDown</Code></Error>");
        assertTrue(slowDown.isThrottlingException());
        assertTrue(S3Errors.isTransient(slowDown));
        assertTrue(S3Errors.isTransient(S3ErrorResponses.exception(response(500, null), "")));
        assertTrue(S3Errors.isTransient(S3ErrorResponses.exception(response(429, null), "")));
        S3Exception changed =
                S3ErrorResponses.exception(
                        response(412, null), "<Error><Code>PreconditionFailed</Code></Error>");
        assertEquals("PreconditionFailed", changed.awsErrorDetails().errorCode());
        assertFalse(S3Errors.isTransient(changed));
    }

    /** The store sorts them as it sorted the SDK client's: changed, missing, transient. */
    @Test
    void theStoreSortsTheErrorsAsItSortedTheSdksOwn() {
        String url = "s3://b/k";
        assertInstanceOf(
                ObjectChanged.class,
                S3ObjectStore.failure(url, S3ErrorResponses.exception(response(412, null), "")));
        IOException missing =
                S3ObjectStore.failure(url, S3ErrorResponses.exception(response(404, null), ""));
        assertInstanceOf(RequestRejected.class, missing);
        assertEquals("s3://b/k: no such key", missing.getMessage());
        IOException slowDown =
                S3ObjectStore.failure(
                        url,
                        S3ErrorResponses.exception(
                                response(503, null), "<Error><Code>SlowDown</Code></Error>"));
        assertFalse(slowDown instanceof RequestRejected, slowDown.toString());
        assertTrue(S3Errors.isTransient(slowDown), slowDown.toString());
        assertInstanceOf(
                RequestRejected.class,
                S3ObjectStore.failure(url, S3ErrorResponses.exception(response(416, null), "")));
    }

    @Test
    void redirectsWrongRegionsAndClockSkewAreLeftToTheSdkForTheBucket() {
        assertFalse(S3ErrorResponses.isOwn(301));
        assertTrue(S3ErrorResponses.isForTheBucket(301, ""));
        assertTrue(
                S3ErrorResponses.isForTheBucket(400, "<Code>AuthorizationHeaderMalformed</Code>"));
        assertTrue(S3ErrorResponses.isForTheBucket(403, "<Code>RequestTimeTooSkewed</Code>"));
        assertFalse(S3ErrorResponses.isOwn(403));
        assertFalse(S3ErrorResponses.isForTheBucket(403, "<Code>AccessDenied</Code>"));
        for (int own : new int[] {404, 412, 416, 429, 500, 503}) {
            assertTrue(S3ErrorResponses.isOwn(own), "status " + own);
        }
    }

    /** A body larger than an error's is read only in part, then closed. */
    @Test
    void anErrorBodyIsReadUpToItsBound() {
        byte[] large = "x".repeat(100_000).getBytes(StandardCharsets.US_ASCII);
        Closing in = new Closing(large);
        String read = S3ErrorResponses.body(AbortableInputStream.create(in));
        assertTrue(read.length() >= 16 * 1024 && read.length() < large.length, "" + read.length());
        assertTrue(in.closed);
        assertEquals("", S3ErrorResponses.body(null));
    }

    private static SdkHttpResponse response(int status, String requestId) {
        SdkHttpResponse.Builder response = SdkHttpResponse.builder().statusCode(status);
        if (requestId != null) {
            response.putHeader("x-amz-request-id", requestId);
        }
        return response.build();
    }

    private static final class Closing extends ByteArrayInputStream {

        private boolean closed;

        Closing(byte[] bytes) {
            super(bytes);
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
