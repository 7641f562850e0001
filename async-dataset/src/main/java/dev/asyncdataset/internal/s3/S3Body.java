package dev.asyncdataset.internal.s3;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Reads one GetObject response on the calling thread into an array sized from the Content-Length
 * header, refusing an object over the size limit before reading its body, and timing out by phase:
 * no response headers within the first-byte timeout, or no body bytes for the idle timeout. A slow
 * body that keeps moving is never cut. One timer task per phase on {@link #TIMER}, not per read: a
 * read only records the time, and the idle task, when it fires early, waits again for the rest of
 * the timeout from the last read. Before the headers a timeout interrupts the reading thread (its
 * blocking socket read then fails); after them it aborts the response stream. A state under this
 * object's lock makes sure a late timer never interrupts a thread that moved on, and the interrupt
 * it made is cleared before {@link #read} returns. One instance per request.
 *
 * <p>Given a pool ({@link BodyBuffers}), the array is taken from it at the response headers, sized
 * from Content-Length; {@link #recycle} gives it back once the body failed or was refused, and the
 * caller gives back the array of a body it got once nothing reads it any more.
 *
 * <p>Given an array to fill, the body is written into it from a start position instead (a ranged
 * GET resuming a whole-object read, into a reused shard buffer), and {@link #filled()} tells how
 * far it got, also after a failure. Only the reading thread writes into the array, so once {@link
 * #read} returns or throws nothing more is written into it.
 */
final class S3Body {

    /** The response headers and the whole body. */
    record Result(GetObjectResponse response, byte[] bytes) {}

    /**
     * The limits of one attempt by phase: the response headers within {@code firstByte} of its
     * start, no gap of {@code idle} between body bytes, and the whole of it, for a body that drips
     * without end, within {@code attempt}.
     */
    record Timeouts(Duration firstByte, Duration idle, Duration attempt) {}

    /** Opens the response: sends the request and returns once its headers came. */
    @FunctionalInterface
    interface Request {
        ResponseInputStream<GetObjectResponse> open() throws IOException;
    }

    /** Where the request is: before the headers, reading the body, or over. */
    private enum Phase {
        HEADERS,
        BODY,
        OVER
    }

    static final ScheduledThreadPoolExecutor TIMER = timer();

    private final String url;
    private final long maxBytes;
    private final Duration firstByte;
    private final Duration idle;
    private final Duration attempt;
    private final byte[] into;
    private final BodyBuffers pool;
    private final int start;
    private Phase phase = Phase.HEADERS;
    private Thread reader;
    private ResponseInputStream<GetObjectResponse> stream;
    private String timedOut;
    private boolean interrupted;
    private volatile ScheduledFuture<?> deadline;
    private volatile long lastBytes;
    private long begun;
    private volatile GetObjectResponse response;
    private byte[] bytes;
    private volatile int filled;

    /** A body in an array of its own, exactly its length, or from {@code pool} if not null. */
    S3Body(String url, long maxBytes, Timeouts timeouts, BodyBuffers pool) {
        this(url, maxBytes, timeouts, null, pool, 0);
    }

    /** A body written into {@code into} from {@code start}; it may not run past {@code end}. */
    S3Body(String url, Timeouts timeouts, byte[] into, int start, int end) {
        this(url, end - start, timeouts, into, null, start);
    }

    private S3Body(
            String url,
            long maxBytes,
            Timeouts timeouts,
            byte[] into,
            BodyBuffers pool,
            int start) {
        this.url = url;
        this.maxBytes = maxBytes;
        this.firstByte = timeouts.firstByte();
        this.idle = timeouts.idle();
        this.attempt = timeouts.attempt();
        this.into = into;
        this.pool = pool;
        this.start = start;
        this.filled = start;
    }

    /** Where the body has been written up to: the start position plus the bytes received. */
    int filled() {
        return filled;
    }

    /** The response headers, or null if none came. */
    GetObjectResponse response() {
        return response;
    }

    /**
     * Sends {@code request} and reads the whole body within the phase timeouts; the response stream
     * is aborted if the body fails, else left to return its connection to the pool. Runs on the
     * calling thread if it is virtual (the loader's fetch threads), else on a virtual thread it
     * waits for: only a virtual thread's blocking socket read ends when it is interrupted.
     */
    Result read(Request request) throws IOException {
        return Thread.currentThread().isVirtual() ? readHere(request) : readVirtual(request);
    }

    private Result readVirtual(Request request) throws IOException {
        FutureTask<Result> task = new FutureTask<>(() -> readHere(request));
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

    /** Waits for {@code task} to end whatever interrupts come: then nothing writes the array. */
    private static void awaitEnd(FutureTask<Result> task) {
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

    private Result readHere(Request request) throws IOException {
        begin();
        ResponseInputStream<GetObjectResponse> in = null;
        try {
            in = request.open();
            int end = headers(in);
            fill(in, end);
            over(false);
            in.close();
            return new Result(response, bytes);
        } catch (IOException | RuntimeException | Error e) {
            String timeout = over(true);
            if (in != null) {
                in.abort();
            }
            if (timeout != null) {
                throw timeoutError(timeout, e);
            }
            throw e;
        }
    }

    private synchronized void begin() {
        reader = Thread.currentThread();
        begun = System.nanoTime();
        schedule(() -> timeOut(Phase.HEADERS, "no response for " + firstByte), firstByte.toNanos());
    }

    /** Takes the headers: the size check, the array, the idle phase; the body's end position. */
    private int headers(ResponseInputStream<GetObjectResponse> in) throws IOException {
        GetObjectResponse headers = in.response();
        response = headers;
        synchronized (this) {
            if (phase != Phase.HEADERS) {
                throw new IOException(url + ": stopped before the headers");
            }
            phase = Phase.BODY;
            stream = in;
        }
        cancelDeadline();
        Long length = headers.contentLength();
        if (length == null || length > maxBytes) {
            throw new BadItemException(
                    url,
                    length == null
                            ? "no Content-Length"
                            : "object too large: " + length + " bytes, limit " + maxBytes,
                    null);
        }
        try {
            bytes =
                    into != null
                            ? into
                            : pool != null
                                    ? pool.take(length.intValue())
                                    : new byte[length.intValue()];
        } catch (OutOfMemoryError e) {
            throw new BadItemException(url, "out of memory for " + length + " bytes", e);
        }
        lastBytes = System.nanoTime();
        synchronized (this) {
            schedule(
                    this::idleCheck,
                    Math.min(idle.toNanos(), attempt.toNanos() - (lastBytes - begun)));
        }
        return start + length.intValue();
    }

    /** Reads the body into the array up to {@code end}: truncated or longer bodies fail. */
    private void fill(ResponseInputStream<GetObjectResponse> in, int end) throws IOException {
        int at = filled;
        while (at < end) {
            int n = in.read(bytes, at, end - at);
            if (n < 0) {
                throw new IOException(
                        url
                                + ": truncated body, "
                                + (at - start)
                                + " of "
                                + (end - start)
                                + " bytes");
            }
            at += n;
            filled = at;
            lastBytes = System.nanoTime();
        }
        if (in.read() >= 0) {
            throw new IOException(url + ": body longer than its Content-Length " + (end - start));
        }
    }

    /**
     * Ends the request: no timer acts on it any more. Clears the interrupt a first-byte timeout
     * made; returns what timed out, or null.
     */
    private String over(boolean failed) {
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
        return failed ? timeout : null;
    }

    private IOException timeoutError(String what, Throwable cause) {
        SocketTimeoutException timeout = new SocketTimeoutException(url + ": " + what);
        timeout.initCause(cause);
        return timeout;
    }

    /**
     * Ends the request if it is still in {@code expected}: interrupts the read before the headers,
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
     * Gives the array taken from the pool back to it, after the body failed ({@link #read} threw)
     * or its bytes were refused: nothing writes into it then.
     */
    void recycle() {
        byte[] taken = pool != null ? bytes : null;
        bytes = null;
        if (taken != null) {
            pool.give(taken);
        }
    }

    /**
     * Fails the body if no bytes came for the idle timeout or the attempt outlasted its timeout,
     * else waits for the rest of the earlier of the two.
     */
    private synchronized void idleCheck() {
        long now = System.nanoTime();
        long quietLeft = idle.toNanos() - (now - lastBytes);
        long attemptLeft = attempt.toNanos() - (now - begun);
        if (quietLeft <= 0) {
            timeOut(Phase.BODY, "no body bytes for " + idle);
        } else if (attemptLeft <= 0) {
            timeOut(Phase.BODY, "attempt not done within " + attempt);
        } else {
            schedule(this::idleCheck, Math.min(quietLeft, attemptLeft));
        }
    }

    /** Schedules the phase's task unless the request is over; caller holds the lock. */
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
