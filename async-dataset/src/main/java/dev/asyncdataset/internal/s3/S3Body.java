package dev.asyncdataset.internal.s3;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.core.async.AsyncResponseTransformer;
import software.amazon.awssdk.core.async.SdkPublisher;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Collects one GetObject body into an array sized from the Content-Length header, refusing an
 * object over the size limit before reading its body, and timing out by phase: no response headers
 * within the first-byte timeout, or no body bytes for the idle timeout. A slow body that keeps
 * moving is never cut. One timer task per phase, not per chunk: a chunk only records the time, and
 * the idle task, when it fires early, waits again for the rest of the timeout from the last chunk.
 * One instance per request.
 *
 * <p>Given a pool ({@link BodyBuffers}), the array is taken from it at the response headers, sized
 * from Content-Length; {@link #recycle} gives it back once the body failed or was refused, and the
 * caller gives back the array of a body it got once nothing reads it any more.
 *
 * <p>Given an array to fill, the body is written into it from a start position instead (a ranged
 * GET resuming a whole-object read, into a reused shard buffer), and {@link #filled()} tells how
 * far it got, also after a failure. Writes into the array and failing the body exclude each other:
 * once {@link #stop} returns, nothing more is written into it, so the array can be reused.
 */
final class S3Body implements AsyncResponseTransformer<GetObjectResponse, S3Body.Result> {

    /** The response headers and the whole body. */
    record Result(GetObjectResponse response, byte[] bytes) {}

    static final ScheduledThreadPoolExecutor TIMER = timer();

    private final String url;
    private final long maxBytes;
    private final Duration firstByte;
    private final Duration idle;
    private final byte[] into;
    private final BodyBuffers pool;
    private final int start;
    private final CompletableFuture<Result> result = new CompletableFuture<>();
    private volatile ScheduledFuture<?> deadline;
    private volatile Subscription subscription;
    private volatile long lastBytes;
    private volatile GetObjectResponse response;
    private byte[] bytes;
    private int end;
    private volatile int filled;

    /** A body in an array of its own, exactly its length, or from {@code pool} if not null. */
    S3Body(String url, long maxBytes, Duration firstByte, Duration idle, BodyBuffers pool) {
        this(url, maxBytes, firstByte, idle, null, pool, 0);
    }

    /** A body written into {@code into} from {@code start}; it may not run past {@code end}. */
    S3Body(String url, Duration firstByte, Duration idle, byte[] into, int start, int end) {
        this(url, end - start, firstByte, idle, into, null, start);
    }

    private S3Body(
            String url,
            long maxBytes,
            Duration firstByte,
            Duration idle,
            byte[] into,
            BodyBuffers pool,
            int start) {
        this.url = url;
        this.maxBytes = maxBytes;
        this.firstByte = firstByte;
        this.idle = idle;
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

    /** The body, or why it could not be read; completes before the SDK's future may. */
    CompletableFuture<Result> result() {
        return result;
    }

    @Override
    public CompletableFuture<Result> prepare() {
        arm(firstByte, "no response");
        return result;
    }

    @Override
    public void onResponse(GetObjectResponse headers) {
        response = headers;
        Long length = headers.contentLength();
        if (length == null || length > maxBytes) {
            fail(
                    new BadItemException(
                            url,
                            length == null
                                    ? "no Content-Length"
                                    : "object too large: " + length + " bytes, limit " + maxBytes,
                            null));
            return;
        }
        end = start + length.intValue();
        try {
            takeArray(length.intValue());
        } catch (OutOfMemoryError e) {
            fail(new BadItemException(url, "out of memory for " + length + " bytes", e));
        }
        lastBytes = System.nanoTime();
        cancelDeadline();
        schedule(this::idleCheck, idle.toNanos());
    }

    /** Takes the array unless the body already failed: then nothing would give it back. */
    private synchronized void takeArray(int length) {
        if (!result.isDone()) {
            bytes = into != null ? into : pool != null ? pool.take(length) : new byte[length];
        }
    }

    /**
     * Gives the array taken from the pool back to it, after the body failed ({@link #stop}
     * returned) or its bytes were refused: nothing writes into it then.
     */
    void recycle() {
        byte[] taken;
        synchronized (this) {
            taken = pool != null ? bytes : null;
            bytes = null;
        }
        if (taken != null) {
            pool.give(taken);
        }
    }

    @Override
    public void onStream(SdkPublisher<ByteBuffer> publisher) {
        publisher.subscribe(new Collector());
    }

    @Override
    public void exceptionOccurred(Throwable error) {
        fail(error);
    }

    private void arm(Duration timeout, String what) {
        schedule(
                () -> fail(new SocketTimeoutException(url + ": " + what + " for " + timeout)),
                timeout.toNanos());
    }

    /** Fails the body if no bytes came for the idle timeout, else waits for the rest of it. */
    private void idleCheck() {
        long quiet = System.nanoTime() - lastBytes;
        if (quiet >= idle.toNanos()) {
            fail(new SocketTimeoutException(url + ": no body bytes for " + idle));
        } else {
            schedule(this::idleCheck, idle.toNanos() - quiet);
        }
    }

    /**
     * Schedules the phase's task, unless the body is done; a body finishing meanwhile still cancels
     * it, so no task outlives its request holding the array.
     */
    private void schedule(Runnable task, long nanos) {
        if (!result.isDone()) {
            deadline = TIMER.schedule(task, nanos, TimeUnit.NANOSECONDS);
            if (result.isDone()) {
                cancelDeadline();
            }
        }
    }

    private void cancelDeadline() {
        ScheduledFuture<?> d = deadline;
        if (d != null) {
            d.cancel(false);
        }
    }

    /**
     * Fails the body with {@code error} unless it is done; once this returns, nothing more is
     * written into the array.
     */
    void stop(Throwable error) {
        fail(error);
    }

    private void fail(Throwable error) {
        synchronized (this) {
            result.completeExceptionally(error);
        }
        cancelDeadline();
        Subscription s = subscription;
        if (s != null) {
            s.cancel();
        }
    }

    /** Called by the SDK one buffer at a time (reactive streams: never concurrently). */
    private final class Collector implements Subscriber<ByteBuffer> {

        @Override
        public void onSubscribe(Subscription s) {
            subscription = s;
            if (result.isDone() || bytes == null) {
                s.cancel();
            } else {
                s.request(1);
            }
        }

        @Override
        public void onNext(ByteBuffer buffer) {
            if (write(buffer)) {
                lastBytes = System.nanoTime();
                subscription.request(1);
            }
        }

        /** Writes the chunk unless the body is done: under the lock {@link #fail} takes. */
        private boolean write(ByteBuffer buffer) {
            synchronized (S3Body.this) {
                if (result.isDone()) {
                    return false;
                }
                int at = filled;
                if (buffer.remaining() > end - at) {
                    fail(
                            new IOException(
                                    url
                                            + ": body longer than its Content-Length "
                                            + (end - start)));
                    return false;
                }
                int n = buffer.remaining();
                buffer.get(bytes, at, n);
                filled = at + n;
                return true;
            }
        }

        @Override
        public void onError(Throwable error) {
            fail(error);
        }

        @Override
        public void onComplete() {
            if (filled != end) {
                fail(
                        new IOException(
                                url
                                        + ": truncated body, "
                                        + (filled - start)
                                        + " of "
                                        + (end - start)
                                        + " bytes"));
            } else {
                result.complete(new Result(response, bytes));
                cancelDeadline();
            }
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
