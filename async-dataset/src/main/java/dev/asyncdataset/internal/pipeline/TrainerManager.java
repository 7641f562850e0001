package dev.asyncdataset.internal.pipeline;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import dev.asyncdataset.epoch.DataLoadingException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The manager given to {@code getData}, as the loader sees it. The trainer may close it at any
 * moment and never come back, so the staging thread never blocks on it for long: every wait is a
 * series of {@link #POLL_MILLIS} waits that ends with {@link #closedError()} once it is closed.
 */
public final class TrainerManager {

    static final long POLL_MILLIS = 100;

    private final NDManager manager;

    TrainerManager(NDManager manager) {
        this.manager = manager;
    }

    /** A wait of at most {@code millis}, telling whether what it waited for happened. */
    interface BoundedWait {
        boolean waitFor(long millis) throws InterruptedException;
    }

    /**
     * Returns the failure of a stage or iterator that finds the manager given to getData closed.
     *
     * @return the failure to throw
     */
    public static DataLoadingException closedError() {
        return new DataLoadingException("the trainer's NDManager was closed", null);
    }

    /** Repeats {@code wait} until it succeeds; throws once the manager is closed. */
    void await(BoundedWait wait) throws InterruptedException {
        do {
            checkOpen();
        } while (!wait.waitFor(POLL_MILLIS));
    }

    /** A bounded wait for {@code future} to complete, normally or not. */
    static BoundedWait completionOf(CompletableFuture<?> future) {
        return millis -> {
            try {
                future.get(millis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException failed) {
                // a failure is an outcome too
            } catch (TimeoutException e) {
                return false;
            }
            return true;
        };
    }

    void checkOpen() {
        if (!manager.isOpen()) {
            throw closedError();
        }
    }

    boolean isOpen() {
        return manager.isOpen();
    }

    Device device() {
        return manager.getDevice();
    }

    /** A new manager for one batch on {@code device}; throws if the manager is closed. */
    NDManager newBatchManager(Device device) {
        try {
            return manager.newSubManager(device);
        } catch (IllegalStateException e) {
            throw closedError();
        }
    }
}
