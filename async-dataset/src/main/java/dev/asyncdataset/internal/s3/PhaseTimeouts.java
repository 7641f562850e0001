package dev.asyncdataset.internal.s3;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.core.ResponseInputStream;

/**
 * The phase timeouts of one GET attempt: no response headers within the first-byte timeout of its
 * start, no body bytes for the idle timeout, and the whole attempt within its backstop. One timer
 * task per phase on {@link #TIMER}, not per read: a read only records the time, and the idle task,
 * when it fires early, waits again for the rest of the timeout from the last read. Before the
 * headers a timeout interrupts the reading thread (its blocking socket read then fails); after them
 * it aborts the response stream. A state under this object's lock makes sure a late timer never
 * interrupts a thread that moved on, and {@link #stop} clears the interrupt it made.
 */
final class PhaseTimeouts {

    /** Where the attempt is: before the headers, reading the body, or over. */
    private enum Phase {
        HEADERS,
        BODY,
        OVER
    }

    /** The one timer thread of the library's S3 timeouts, and of the SDK's own timers. */
    static final ScheduledThreadPoolExecutor TIMER = timer();

    private final long firstByte;
    private final long idle;
    private final long attempt;
    private final S3Body.Timeouts limits;
    private Phase phase = Phase.HEADERS;
    private Thread reader;
    private ResponseInputStream<?> stream;
    private String timedOut;
    private boolean interrupted;
    private volatile ScheduledFuture<?> deadline;
    private volatile long lastBytes;
    private long begun;

    PhaseTimeouts(S3Body.Timeouts limits) {
        this.limits = limits;
        this.firstByte = limits.firstByte().toNanos();
        this.idle = limits.idle().toNanos();
        this.attempt = limits.attempt().toNanos();
    }

    /** Starts the first-byte timeout for the calling thread, which sends the request. */
    synchronized void start() {
        reader = Thread.currentThread();
        begun = System.nanoTime();
        schedule(() -> timeOut(Phase.HEADERS, "no response for " + limits.firstByte()), firstByte);
    }

    /**
     * Ends the first-byte timeout: the headers of {@code in} came. False if the attempt was stopped
     * before them.
     */
    boolean headers(ResponseInputStream<?> in) {
        synchronized (this) {
            if (phase != Phase.HEADERS) {
                return false;
            }
            phase = Phase.BODY;
            stream = in;
        }
        cancelDeadline();
        return true;
    }

    /** Starts the idle timeout and the rest of the backstop: the body is about to be read. */
    void bodyStarts() {
        lastBytes = System.nanoTime();
        synchronized (this) {
            schedule(this::idleCheck, Math.min(idle, attempt - (lastBytes - begun)));
        }
    }

    /** Records that body bytes came. */
    void bytesCame() {
        lastBytes = System.nanoTime();
    }

    /**
     * Ends the attempt: no timer acts on it any more. Clears the interrupt a first-byte timeout
     * made; returns what timed out, or null.
     */
    String stop() {
        String timeout;
        boolean clear;
        synchronized (this) {
            phase = Phase.OVER;
            timeout = timedOut;
            clear = interrupted;
            interrupted = false;
            reader = null;
            stream = null;
        }
        cancelDeadline();
        if (clear) {
            Thread.interrupted();
        }
        return timeout;
    }

    /**
     * Ends the attempt if it is still in {@code expected}: interrupts the read before the headers,
     * aborts the stream after them.
     */
    private synchronized void timeOut(Phase expected, String what) {
        if (phase != expected || timedOut != null) {
            return;
        }
        timedOut = what;
        if (phase == Phase.HEADERS) {
            interrupted = true;
            reader.interrupt();
        } else {
            stream.abort();
        }
    }

    /**
     * Fails the body if no bytes came for the idle timeout or the attempt outlasted its backstop,
     * else waits for the rest of the earlier of the two.
     */
    private synchronized void idleCheck() {
        long now = System.nanoTime();
        long quietLeft = idle - (now - lastBytes);
        long attemptLeft = attempt - (now - begun);
        if (quietLeft <= 0) {
            timeOut(Phase.BODY, "no body bytes for " + limits.idle());
        } else if (attemptLeft <= 0) {
            timeOut(Phase.BODY, "attempt not done within " + limits.attempt());
        } else {
            schedule(this::idleCheck, Math.min(quietLeft, attemptLeft));
        }
    }

    /** Schedules the phase's task unless the attempt is over; caller holds the lock. */
    private void schedule(Runnable task, long nanos) {
        if (phase != Phase.OVER) {
            deadline = TIMER.schedule(task, nanos, TimeUnit.NANOSECONDS);
        }
    }

    private void cancelDeadline() {
        ScheduledFuture<?> d = deadline;
        if (d != null) {
            d.cancel(false);
        }
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer =
                (ScheduledThreadPoolExecutor)
                        Executors.newScheduledThreadPool(
                                1,
                                Thread.ofPlatform()
                                        .daemon()
                                        .name("async-dataset-s3-timeouts")
                                        .factory());
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }
}
