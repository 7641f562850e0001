package dev.asyncdataset.internal.s3;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.core.exception.AbortedException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.http.ExecutableHttpRequest;
import software.amazon.awssdk.http.HttpExecuteResponse;

/**
 * Sends one request on the HTTP client and waits for its response headers within a limit, as the
 * SDK's attempt timeout did for a streamed GET: a task on {@link S3Timer#TIMER} aborts the request
 * when the limit passes. Its failures are the SDK's exceptions, so that {@link
 * S3ObjectStore#failure} sorts them as before: {@link ApiCallAttemptTimeoutException} for the
 * limit, {@link AbortedException} for an interrupt, {@link SdkClientException} with the I/O error
 * as its cause for the rest.
 */
final class HeadersCall {

    private HeadersCall() {}

    /**
     * The response of {@code call} once its headers came within {@code limit}.
     *
     * @param call the prepared request
     * @param limit how long the headers may take
     * @return the response, its body not yet read
     */
    static HttpExecuteResponse send(ExecutableHttpRequest call, Duration limit) {
        AtomicBoolean settled = new AtomicBoolean();
        ScheduledFuture<?> timer =
                S3Timer.TIMER.schedule(
                        () -> {
                            if (settled.compareAndSet(false, true)) {
                                call.abort();
                            }
                        },
                        limit.toNanos(),
                        TimeUnit.NANOSECONDS);
        HttpExecuteResponse response = null;
        IOException failure = null;
        try {
            response = call.call();
        } catch (IOException e) {
            failure = e;
        } finally {
            timer.cancel(false);
        }
        if (!settled.compareAndSet(false, true)) {
            throw timedOut(response, failure, limit);
        }
        if (failure != null) {
            throw failed(failure);
        }
        return response;
    }

    /** The timeout of a call the timer aborted, whose late response, if any, is aborted too. */
    private static ApiCallAttemptTimeoutException timedOut(
            HttpExecuteResponse late, IOException failure, Duration limit) {
        if (late != null) {
            late.responseBody().ifPresent(AbortableInputStream::abort);
        }
        return ApiCallAttemptTimeoutException.create(
                "no response headers within " + limit, failure);
    }

    /** An I/O failure as the SDK reports it: aborted if the thread was interrupted. */
    private static SdkClientException failed(IOException e) {
        if (Thread.currentThread().isInterrupted()) {
            AbortedException aborted = AbortedException.create("Thread was interrupted");
            aborted.addSuppressed(e);
            return aborted;
        }
        return SdkClientException.create("Unable to execute HTTP request: " + e.getMessage(), e);
    }
}
