package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

class S3BodyTest {

    private static final Duration LONG = Duration.ofMinutes(1);

    @Test
    void anObjectOverTheLimitIsABadItemFromItsHeaders() {
        S3Body body = new S3Body("s3://b/big", 1_000, timeouts(LONG, LONG), null);
        BadItemException e =
                assertThrows(BadItemException.class, () -> body.read(response(1_001, body())));
        assertEquals("s3://b/big", e.getKey());
        assertTrue(
                e.getMessage().endsWith("object too large: 1001 bytes, limit 1000"),
                e.getMessage());
    }

    /** The heap is 2 GiB in tests: an object of almost 2 GiB cannot be allocated. */
    @Test
    void runningOutOfMemoryForOneObjectMakesItABadItem() {
        long huge = Integer.MAX_VALUE - 8;
        S3Body body = new S3Body("s3://b/huge", huge, timeouts(LONG, LONG), null);
        BadItemException e =
                assertThrows(BadItemException.class, () -> body.read(response(huge, body())));
        assertTrue(e.getMessage().contains("out of memory for " + huge + " bytes"), e.getMessage());
        assertInstanceOf(OutOfMemoryError.class, e.getCause());
    }

    @Test
    void headersWithoutBodyBytesTimeOutAfterTheIdleTimeout() {
        S3Body body = new S3Body("s3://b/k", 1_000, timeouts(LONG, Duration.ofMillis(50)), null);
        Chunks silent = new Chunks(0, 10, Duration.ZERO, false);
        SocketTimeoutException e =
                assertThrows(SocketTimeoutException.class, () -> body.read(response(10, silent)));
        assertTrue(e.getMessage().contains("no body bytes"), e.getMessage());
        assertTrue(S3Errors.isTransient(e));
        assertTrue(silent.aborted);
    }

    /** The reading thread is interrupted out of its wait, and its interrupt status cleared. */
    @Test
    void noHeadersTimeOutAfterTheFirstByteTimeout() {
        S3Body body = new S3Body("s3://b/k", 1_000, timeouts(Duration.ofMillis(50), LONG), null);
        SocketTimeoutException e =
                assertThrows(
                        SocketTimeoutException.class, () -> body.read(S3BodyTest::neverAnswered));
        assertTrue(e.getMessage().contains("no response"), e.getMessage());
        assertFalse(Thread.currentThread().isInterrupted());
    }

    /** On a fetch thread (virtual) the interrupt is the thread's own, cleared once it timed out. */
    @Test
    void aFirstByteTimeoutOnAVirtualThreadLeavesItNotInterrupted() throws Exception {
        S3Body body = new S3Body("s3://b/k", 1_000, timeouts(Duration.ofMillis(50), LONG), null);
        Object[] outcome = new Object[2];
        Thread.ofVirtual()
                .start(
                        () -> {
                            try {
                                body.read(S3BodyTest::neverAnswered);
                            } catch (IOException e) {
                                outcome[0] = e;
                            }
                            outcome[1] = Thread.currentThread().isInterrupted();
                        })
                .join();
        assertInstanceOf(SocketTimeoutException.class, outcome[0]);
        assertEquals(false, outcome[1]);
    }

    /**
     * 20 chunks 50 ms apart take 1 s, twice the idle timeout: the idle clock restarts per chunk. A
     * machine too busy to keep a gap under the idle timeout may cut the body, and only then.
     */
    @Test
    void aBodyThatKeepsMovingIsNeverCutByTheIdleTimeout() throws Exception {
        Duration idle = Duration.ofMillis(500);
        S3Body body = new S3Body("s3://b/k", 1_000, timeouts(LONG, idle), null);
        Chunks chunks = new Chunks(20, 10, Duration.ofMillis(50), true);
        try {
            assertEquals(200, body.read(response(200, chunks)).bytes().length);
        } catch (SocketTimeoutException cut) {
            assertTrue(
                    chunks.worstGapNanos >= idle.toNanos(),
                    "cut though every gap was under the idle timeout: " + cut);
        }
    }

    @Test
    void aBodyThatStallsAfterSomeBytesTimesOutAfterTheIdleTimeout() {
        S3Body body = new S3Body("s3://b/k", 1_000, timeouts(LONG, Duration.ofMillis(200)), null);
        Chunks stalling = new Chunks(3, 10, Duration.ofMillis(100), false);
        SocketTimeoutException e =
                assertThrows(
                        SocketTimeoutException.class, () -> body.read(response(200, stalling)));
        assertTrue(e.getMessage().contains("no body bytes"), e.getMessage());
        assertEquals(30, body.filled());
    }

    /** A finished body cancels its timer task: none waits out a long timeout holding the array. */
    @Test
    void aCompleteBodyLeavesNoTimerTaskBehind() throws Exception {
        int queued = PhaseTimeouts.TIMER.getQueue().size();
        S3Body body = new S3Body("s3://b/k", 1_000, timeouts(LONG, LONG), null);
        body.read(response(30, new Chunks(3, 10, Duration.ZERO, true)));
        assertEquals(queued, PhaseTimeouts.TIMER.getQueue().size());
        assertFalse(Thread.currentThread().isInterrupted());
    }

    @Test
    void aPooledBodyIsReadIntoAnArrayTakenAtItsHeaders() throws Exception {
        BodyBuffers pool = new BodyBuffers(1 << 20);
        S3Body body = new S3Body("s3://b/k", 1_000, timeouts(LONG, LONG), pool);
        byte[] array = body.read(response(6, body(1, 2, 3, 4, 5, 6))).bytes();
        assertEquals(1, pool.lent());
        assertEquals(6, body.filled());
        assertEquals(4096, array.length);
        assertEquals(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6}), BodyBuffers.body(array, 6));
        assertTrue(pool.give(array));
    }

    /** A body cut midway goes back to the pool once it failed; one that failed takes none. */
    @Test
    void aFailedPooledBodyGivesItsArrayBack() {
        BodyBuffers pool = new BodyBuffers(1 << 20);
        S3Body cut = new S3Body("s3://b/k", 1_000, timeouts(LONG, LONG), pool);
        assertThrows(IOException.class, () -> cut.read(response(6, body(7, 8, 9))));
        cut.recycle();
        assertEquals(0, pool.lent());
        assertEquals(4096, pool.retained());
        S3Body refused = new S3Body("s3://b/k", 1_000, timeouts(LONG, LONG), pool);
        assertThrows(IOException.class, () -> refused.read(response(1_001, body())));
        refused.recycle();
        assertEquals(0, pool.lent());
    }

    @Test
    void aBodyGivenAnArrayIsWrittenFromItsStartAndTellsHowFarItGot() throws Exception {
        byte[] into = new byte[10];
        S3Body body = new S3Body("s3://b/k", timeouts(LONG, LONG), into, 4, into.length);
        byte[] bytes = body.read(response(6, body(1, 2, 3, 4, 5, 6))).bytes();
        assertEquals(10, body.filled());
        assertArrayEquals(new byte[] {0, 0, 0, 0, 1, 2, 3, 4, 5, 6}, bytes);
    }

    @Test
    void aTruncatedBodyKeepsTheBytesItReceivedAndTheirEnd() {
        byte[] into = new byte[10];
        S3Body body = new S3Body("s3://b/k", timeouts(LONG, LONG), into, 4, into.length);
        IOException e =
                assertThrows(IOException.class, () -> body.read(response(6, body(7, 8, 9))));
        assertTrue(e.getMessage().contains("truncated body, 3 of 6 bytes"), e.toString());
        assertEquals(7, body.filled());
        assertEquals(9, into[6]);
    }

    @Test
    void aBodyLongerThanItsContentLengthFails() {
        S3Body body = new S3Body("s3://b/k", 1_000, timeouts(LONG, LONG), null);
        IOException e =
                assertThrows(IOException.class, () -> body.read(response(2, body(1, 2, 3))));
        assertTrue(e.getMessage().contains("body longer than its Content-Length 2"), e.toString());
    }

    @Test
    void aBodyThatDripsWithoutEndIsCutByTheAttemptTimeout() {
        S3Body body =
                new S3Body(
                        "s3://b/k",
                        1_000,
                        new S3Body.Timeouts(LONG, LONG, Duration.ofMillis(300)),
                        null);
        Chunks dripping = new Chunks(100, 1, Duration.ofMillis(20), true);
        SocketTimeoutException e =
                assertThrows(
                        SocketTimeoutException.class, () -> body.read(response(100, dripping)));
        assertTrue(e.getMessage().contains("attempt not done within"), e.getMessage());
        assertTrue(dripping.aborted);
    }

    /** A request whose headers never come: it waits until interrupted. */
    private static ResponseInputStream<GetObjectResponse> neverAnswered() throws IOException {
        try {
            Thread.sleep(LONG);
        } catch (InterruptedException stopped) {
            throw new InterruptedIOException("no headers");
        }
        throw new AssertionError("not interrupted");
    }

    private static S3Body.Timeouts timeouts(Duration firstByte, Duration idle) {
        return new S3Body.Timeouts(firstByte, idle, LONG);
    }

    /** A request whose response has Content-Length {@code length} and {@code body}. */
    private static S3Body.Request response(long length, InputStream body) {
        GetObjectResponse headers = GetObjectResponse.builder().contentLength(length).build();
        return () -> new ResponseInputStream<>(headers, AbortableInputStream.create(body));
    }

    private static InputStream body(int... bytes) {
        byte[] array = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            array[i] = (byte) bytes[i];
        }
        return new java.io.ByteArrayInputStream(array);
    }

    /**
     * A body of {@code count} chunks of {@code size} bytes, {@code gap} apart; ends after them, or
     * else stays silent until aborted (closed), as a stalled socket does.
     */
    private static final class Chunks extends InputStream {

        private final int count;
        private final int size;
        private final Duration gap;
        private final boolean complete;
        private final CountDownLatch abort = new CountDownLatch(1);
        private int sent;
        private volatile boolean aborted;
        // the longest time between two chunks, the first counted from construction
        private volatile long worstGapNanos;
        private long lastChunk = System.nanoTime();

        Chunks(int count, int size, Duration gap, boolean complete) {
            this.count = count;
            this.size = size;
            this.gap = gap;
            this.complete = complete;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (aborted) {
                throw new IOException("aborted");
            }
            try {
                if (sent == count) {
                    if (complete) {
                        return -1;
                    }
                    abort.await();
                    throw new IOException("aborted");
                }
                Thread.sleep(gap);
            } catch (InterruptedException e) {
                throw new InterruptedIOException();
            }
            long now = System.nanoTime();
            worstGapNanos = Math.max(worstGapNanos, now - lastChunk);
            lastChunk = now;
            sent++;
            int n = Math.min(len, size);
            java.util.Arrays.fill(b, off, off + n, (byte) sent);
            return n;
        }

        @Override
        public void close() {
            aborted = true;
            abort.countDown();
        }
    }
}
