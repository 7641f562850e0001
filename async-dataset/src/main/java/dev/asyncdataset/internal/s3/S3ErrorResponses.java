package dev.asyncdataset.internal.s3;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The error responses a GET meets in a loader's normal run, turned into the {@link S3Exception} the
 * SDK would throw for them (status code, S3 error code and message, request ids), so that {@link
 * S3Errors} sorts them as before: a missing key (404), a failed If-Match (412), a range past the
 * end (416), throttling (429, 503 SlowDown) and server errors (5xx). Redirects, authentication
 * errors and any other status are left to the SDK client.
 */
final class S3ErrorResponses {

    /** The most of an error body read: S3's are a few hundred bytes of XML. */
    private static final int MAX_BODY = 16 * 1024;

    private static final Pattern CODE = Pattern.compile("<Code>([^<]*)</Code>");
    private static final Pattern MESSAGE = Pattern.compile("<Message>([^<]*)</Message>");

    private S3ErrorResponses() {}

    /** Whether an error with {@code status} is turned into an exception here. */
    static boolean isOwn(int status) {
        return status == 404 || status == 412 || status == 416 || status == 429 || status >= 500;
    }

    /**
     * Whether an error with {@code status} and {@code body} is one the SDK client handles for its
     * bucket as a whole: a redirect or a wrong region (3xx, 400), or a clock it corrects (403
     * RequestTimeTooSkewed).
     */
    static boolean isForTheBucket(int status, String body) {
        return (status >= 300 && status < 400)
                || status == 400
                || "RequestTimeTooSkewed".equals(first(CODE, body, null));
    }

    /** The exception for the error response {@code headers} with body {@code xml}. */
    static S3Exception exception(SdkHttpResponse headers, String xml) {
        int status = headers.statusCode();
        String code = first(CODE, xml, status == 404 ? "NoSuchKey" : "HTTP " + status);
        String message = first(MESSAGE, xml, headers.statusText().orElse(code));
        String requestId = headers.firstMatchingHeader("x-amz-request-id").orElse(null);
        return (S3Exception)
                S3Exception.builder()
                        .statusCode(status)
                        .requestId(requestId)
                        .extendedRequestId(headers.firstMatchingHeader("x-amz-id-2").orElse(null))
                        .awsErrorDetails(
                                AwsErrorDetails.builder()
                                        .errorCode(code)
                                        .errorMessage(message)
                                        .serviceName("S3")
                                        .sdkHttpResponse(headers)
                                        .build())
                        .message(
                                message
                                        + " (Service: S3, Status Code: "
                                        + status
                                        + ", Request ID: "
                                        + requestId
                                        + ")")
                        .build();
    }

    /**
     * Reads up to {@link #MAX_BODY} bytes of an error response's {@code body} and closes it (so
     * that its connection can be reused), or aborts it if reading fails; "" if there is none.
     */
    static String body(AbortableInputStream body) {
        if (body == null) {
            return "";
        }
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        try (InputStream in = body) {
            byte[] chunk = new byte[4096];
            for (int n; read.size() < MAX_BODY && (n = in.read(chunk)) >= 0; ) {
                read.write(chunk, 0, n);
            }
        } catch (IOException e) {
            body.abort();
        }
        return read.toString(StandardCharsets.UTF_8);
    }

    private static String first(Pattern pattern, String xml, String otherwise) {
        Matcher m = pattern.matcher(xml);
        return m.find() ? m.group(1) : otherwise;
    }
}
