package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.threads.ThreadName;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * One call to a store, waited for at most a time limit: it runs on a virtual thread of its own, and
 * when the limit passes first, that thread is interrupted, the caller gets a {@link
 * SocketTimeoutException} (retried like any timeout), and what the call returns later is given to a
 * closer, so that no body is left open.
 */
final class BoundedCall {

    private BoundedCall() {}

    /**
     * Returns what {@code call} returns or throws, unless {@code limit} passes first.
     *
     * @param what the call and its location, for the timeout's message
     * @param late takes a result that came after the limit
     * @throws SocketTimeoutException if the limit passed first
     * @throws InterruptedIOException if the calling thread was interrupted while waiting
     */
    static <T> T within(Duration limit, String what, Callable<T> call, Consumer<T> late)
            throws IOException {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread worker =
                Thread.ofVirtual()
                        .name(ThreadName.STORE_CALL.prefix())
                        .start(() -> run(call, result, late));
        try {
            return result.get(limit.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            if (abandoned(result, worker)) {
                throw new SocketTimeoutException(what + ": no answer within " + limit);
            }
            return answered(result);
        } catch (InterruptedException e) {
            if (!abandoned(result, worker) && result.state() == Future.State.SUCCESS) {
                late.accept(result.resultNow());
            }
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(what + ": interrupted");
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        }
    }

    private static <T> void run(Callable<T> call, CompletableFuture<T> result, Consumer<T> late) {
        try {
            T value = call.call();
            if (!result.complete(value) && value != null) {
                late.accept(value);
            }
        } catch (Throwable e) {
            result.completeExceptionally(e);
        }
    }

    /**
     * Gives up on the call and interrupts it, unless it has answered meanwhile; tells which. A
     * result it gives after this goes to its closer ({@link #run}).
     */
    private static boolean abandoned(CompletableFuture<?> result, Thread worker) {
        if (!result.cancel(false)) {
            return false;
        }
        worker.interrupt();
        return true;
    }

    /** The answer of a call that completed. */
    private static <T> T answered(CompletableFuture<T> result) throws IOException {
        if (result.state() == Future.State.SUCCESS) {
            return result.resultNow();
        }
        throw rethrown(result.exceptionNow());
    }

    private static IOException rethrown(Throwable cause) {
        if (cause instanceof IOException io) {
            return io;
        }
        if (cause instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IOException(cause);
    }
}
