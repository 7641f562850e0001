package dev.asyncdataset.internal.io;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Runs the requests of a store's writes: retried, awaited interruptibly, failures named by the
 * object's URL.
 */
public final class Requests {

    private Requests() {}

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
            Throwable cause = Retrier.unwrap(e);
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
