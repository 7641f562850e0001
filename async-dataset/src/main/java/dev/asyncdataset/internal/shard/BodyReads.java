package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.threads.ThreadName;
import dev.asyncdataset.store.StoredBody;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Reads a store's body into an array under the read-idle and request timeouts, for every store
 * alike: a body that goes the idle time without a byte, or is still coming when the request timeout
 * has passed since its request started, is closed from the timer thread, which makes the blocked
 * read fail, and the read is retried or resumed like any transient failure. The bytes received
 * before a failure stay counted in {@link Progress}, so that a whole-shard read resumes where it
 * stopped.
 */
final class BodyReads {

    /** The most bytes asked of the stream at once. */
    private static final int CHUNK = 1 << 16;

    /**
     * The timer of every body's watch; a watch cancelled when its body ends leaves the queue at
     * once, instead of waiting there until its time.
     */
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private BodyReads() {}

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor timer =
                new ScheduledThreadPoolExecutor(
                        1,
                        Thread.ofPlatform()
                                .daemon()
                                .name(ThreadName.STORE_TIMEOUTS.prefix())
                                .factory());
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    /**
     * The limits of one body.
     *
     * @param readIdle how long a body may go without a byte
     * @param request how long one attempt may take in all, headers and body
     */
    record Limits(Duration readIdle, Duration request) {}

    /** How far a read got: {@link #received} bytes are in the array. */
    static final class Progress {
        int received;
    }

    /**
     * Reads {@code body} into {@code into} from {@code progress.received} up to {@code end}, then
     * makes sure the body ends there.
     *
     * @param started when the request of this body started ({@link System#nanoTime})
     * @throws IOException if the body fails, stalls, ends early or runs on past {@code end}
     */
    static void fill(
            StoredBody body, byte[] into, Progress progress, int end, Limits limits, long started)
            throws IOException {
        fill(body, 0, into, progress, end, limits, started);
    }

    /**
     * Reads {@code body} as {@link #fill(StoredBody, byte[], Progress, int, Limits, long)} does,
     * after dropping its first {@code skip} bytes (those already received, from a body that starts
     * over at byte 0), under the same timeouts.
     */
    static void fill(
            StoredBody body,
            int skip,
            byte[] into,
            Progress progress,
            int end,
            Limits limits,
            long started)
            throws IOException {
        Watch watch =
                new Watch(body, limits.readIdle().toNanos(), started + limits.request().toNanos());
        try {
            InputStream in = body.stream();
            drop(in, skip, watch);
            while (progress.received < end) {
                int n = in.read(into, progress.received, Math.min(CHUNK, end - progress.received));
                if (n < 0) {
                    throw new EOFException(
                            "body ended after " + progress.received + " of " + end + " bytes");
                }
                progress.received += n;
                watch.progressed();
            }
            if (in.read() >= 0) {
                throw new IOException("body runs past the " + end + " bytes expected");
            }
        } catch (IOException e) {
            if (watch.stalled()) {
                throw (IOException)
                        new SocketTimeoutException("body stopped: " + limits).initCause(e);
            }
            throw e;
        } finally {
            watch.stop();
        }
    }

    private static void drop(InputStream in, int count, Watch watch) throws IOException {
        byte[] scratch = new byte[Math.min(CHUNK, count)];
        for (int dropped = 0; dropped < count; ) {
            int n = in.read(scratch, 0, Math.min(scratch.length, count - dropped));
            if (n < 0) {
                throw new EOFException(
                        "body ended after " + dropped + " of the " + count + " bytes to skip");
            }
            dropped += n;
            watch.progressed();
        }
    }

    /**
     * Closes a body that made no progress for the idle time or outlasted its deadline; checks once
     * per idle period.
     */
    private static final class Watch implements Runnable {

        private final StoredBody body;
        private final long idleNanos;
        private final long deadline;
        private volatile long lastProgress = System.nanoTime();
        private volatile boolean stalled;
        private volatile boolean stopped;
        private ScheduledFuture<?> next;

        Watch(StoredBody body, long idleNanos, long deadline) {
            this.body = body;
            this.idleNanos = idleNanos;
            this.deadline = deadline;
            schedule(Math.min(idleNanos, deadline - lastProgress));
        }

        void progressed() {
            lastProgress = System.nanoTime();
        }

        boolean stalled() {
            return stalled;
        }

        @Override
        public void run() {
            if (stopped) {
                return;
            }
            long now = System.nanoTime();
            long wait = Math.min(idleNanos - (now - lastProgress), deadline - now);
            if (wait > 0) {
                schedule(wait);
                return;
            }
            stalled = true;
            try {
                body.close();
            } catch (IOException e) {
                // the reader fails on the closed stream either way
            }
        }

        private synchronized void schedule(long nanos) {
            if (!stopped) {
                next = TIMER.schedule(this, nanos, TimeUnit.NANOSECONDS);
            }
        }

        synchronized void stop() {
            stopped = true;
            next.cancel(false);
        }
    }
}
