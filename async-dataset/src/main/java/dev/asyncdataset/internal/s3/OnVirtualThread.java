package dev.asyncdataset.internal.s3;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Runs a blocking read for a caller on a platform thread on a virtual thread it waits for: only a
 * virtual thread's blocking socket read ends when the thread is interrupted, which the first-byte
 * timeout relies on ({@link PhaseTimeouts}). The loader's fetch threads are virtual and read on
 * their own thread.
 */
final class OnVirtualThread {

    /** A read that may fail with an {@link IOException}. */
    @FunctionalInterface
    interface Read<T> {
        T run() throws IOException;
    }

    private OnVirtualThread() {}

    /**
     * Runs {@code read} on a new virtual thread and returns what it returned or throws what it
     * threw. An interrupt of the caller interrupts the read and waits for it to end, so that
     * nothing it writes outlives the call; then it is an {@link InterruptedIOException} naming
     * {@code url}.
     */
    static <T> T call(String url, Read<T> read) throws IOException {
        FutureTask<T> task = new FutureTask<>(read::run);
        Thread thread = Thread.ofVirtual().name("async-dataset-s3-get").start(task);
        try {
            return task.get();
        } catch (InterruptedException e) {
            thread.interrupt();
            awaitEnd(task);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(url + ": interrupted");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw (Error) cause;
        }
    }

    /** Waits for {@code task} to end whatever interrupts come. */
    private static void awaitEnd(FutureTask<?> task) {
        boolean ended = false;
        while (!ended) {
            try {
                task.get();
                ended = true;
            } catch (ExecutionException failed) {
                ended = true;
            } catch (InterruptedException again) {
                // wait on
            }
        }
    }
}
