package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.io.Retrier;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Runs S3 requests of the shard writer: retried, awaited interruptibly, failures named. */
public final class S3Requests {

    private S3Requests() {}

    /**
     * Calls {@code request} through {@code retrier}; a failure that is not transient or outlasts
     * the retry budget is an {@link IOException} naming {@code url}.
     */
    public static <T> T call(Retrier retrier, String url, Callable<T> request) throws IOException {
        return named(url, () -> retrier.call(url, request));
    }

    /** Calls {@code request} once; a failure is an {@link IOException} naming {@code url}. */
    public static <T> T named(String url, Callable<T> request) throws IOException {
        try {
            return request.call();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(url + ": interrupted");
        } catch (Retrier.GaveUp e) {
            throw new IOException(url + ": " + e.getMessage(), e.getCause());
        } catch (Exception e) {
            Throwable cause = S3Errors.unwrap(e);
            throw new IOException(url + ": " + cause, cause);
        }
    }

    /** Waits for {@code response}; an interrupt cancels the request. */
    public static <T> T await(CompletableFuture<T> response)
            throws InterruptedException, ExecutionException {
        try {
            return response.get();
        } catch (InterruptedException e) {
            response.cancel(true);
            throw e;
        }
    }
}
