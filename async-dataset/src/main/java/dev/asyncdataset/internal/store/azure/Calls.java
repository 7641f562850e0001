package dev.asyncdataset.internal.store.azure;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * Waits for the answer to one call of the SDK's asynchronous client, at most a bound: a call with
 * no answer by then is cancelled and fails, to be retried; an interrupt cancels it too.
 *
 * @param bound the longest wait for an answer
 */
record Calls(Duration bound) {

    /**
     * The answer of the call {@code request} makes about {@code shown}, failing as {@link
     * AzureErrors} sorts it.
     */
    <T> T await(String shown, Supplier<Mono<T>> request) throws IOException {
        CompletableFuture<T> answer;
        try {
            answer = request.get().toFuture();
        } catch (RuntimeException e) {
            throw AzureErrors.of(shown, e);
        }
        try {
            T value = answer.get(bound.toNanos(), TimeUnit.NANOSECONDS);
            if (value == null) {
                throw new IOException(shown + ": Azure gave no answer");
            }
            return value;
        } catch (ExecutionException e) {
            throw AzureErrors.of(shown, e.getCause());
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new IOException(shown + ": no answer within " + bound, e);
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            InterruptedIOException io = new InterruptedIOException(shown + ": interrupted");
            io.initCause(e);
            throw io;
        }
    }
}
