package dev.asyncdataset.internal.s3;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.core.async.SdkPublisher;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

class S3BodyTest {

    private static final Duration LONG = Duration.ofMinutes(1);

    @Test
    void anObjectOverTheLimitIsABadItemFromItsHeaders() {
        S3Body body = new S3Body("s3://b/big", 1_000, LONG, LONG, null);
        CompletableFuture<S3Body.Result> result = body.prepare();
        body.onResponse(GetObjectResponse.builder().contentLength(1_001L).build());
        BadItemException e = badItem(result);
        assertEquals("s3://b/big", e.getKey());
        assertTrue(
                e.getMessage().endsWith("object too large: 1001 bytes, limit 1000"),
                e.getMessage());
    }

    /** The heap is 2 GiB in tests: an object of almost 2 GiB cannot be allocated. */
    @Test
    void runningOutOfMemoryForOneObjectMakesItABadItem() {
        long huge = Integer.MAX_VALUE - 8;
        S3Body body = new S3Body("s3://b/huge", huge, LONG, LONG, null);
        CompletableFuture<S3Body.Result> result = body.prepare();
        body.onResponse(GetObjectResponse.builder().contentLength(huge).build());
        BadItemException e = badItem(result);
        assertTrue(e.getMessage().contains("out of memory for " + huge + " bytes"), e.getMessage());
        assertInstanceOf(OutOfMemoryError.class, e.getCause());
    }

    @Test
    void headersWithoutBodyBytesTimeOutAfterTheIdleTimeout() {
        S3Body body = new S3Body("s3://b/k", 1_000, LONG, Duration.ofMillis(50), null);
        CompletableFuture<S3Body.Result> result = body.prepare();
        body.onResponse(GetObjectResponse.builder().contentLength(10L).build());
        ExecutionException e = assertThrows(ExecutionException.class, result::get);
        assertInstanceOf(SocketTimeoutException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("no body bytes"), e.getMessage());
        assertTrue(S3Errors.isTransient(e));
    }

    @Test
    void noHeadersTimeOutAfterTheFirstByteTimeout() {
        S3Body body = new S3Body("s3://b/k", 1_000, Duration.ofMillis(50), LONG, null);
        ExecutionException e = assertThrows(ExecutionException.class, body.prepare()::get);
        assertTrue(e.getCause().getMessage().contains("no response"), e.getMessage());
    }

    /**
     * 20 chunks 50 ms apart take 1 s, twice the idle timeout: the idle clock restarts per chunk. A
     * machine too busy to keep a gap under the idle timeout may cut the body, and only then.
     */
    @Test
    void aBodyThatKeepsMovingIsNeverCutByTheIdleTimeout() throws Exception {
        Duration idle = Duration.ofMillis(500);
        S3Body body = new S3Body("s3://b/k", 1_000, LONG, idle, null);
        CompletableFuture<S3Body.Result> result = body.prepare();
        Chunks chunks = new Chunks(20, 10, Duration.ofMillis(50), true);
        body.onResponse(GetObjectResponse.builder().contentLength(200L).build());
        body.onStream(chunks);
        try {
            assertEquals(200, result.get(1, TimeUnit.MINUTES).bytes().length);
        } catch (ExecutionException cut) {
            assertTrue(
                    chunks.worstGapNanos >= idle.toNanos(),
                    "cut though every gap was under the idle timeout: " + cut.getCause());
        }
    }

    @Test
    void aBodyThatStallsAfterSomeBytesTimesOutAfterTheIdleTimeout() {
        S3Body body = new S3Body("s3://b/k", 1_000, LONG, Duration.ofMillis(200), null);
        CompletableFuture<S3Body.Result> result = body.prepare();
        body.onResponse(GetObjectResponse.builder().contentLength(200L).build());
        body.onStream(new Chunks(3, 10, Duration.ofMillis(100), false));
        ExecutionException e =
                assertThrows(ExecutionException.class, () -> result.get(1, TimeUnit.MINUTES));
        assertTrue(e.getCause().getMessage().contains("no body bytes"), e.getMessage());
    }

    /** A finished body cancels its timer task: none waits out a long timeout holding the array. */
    @Test
    void aCompleteBodyLeavesNoTimerTaskBehind() throws Exception {
        int queued = S3Body.TIMER.getQueue().size();
        S3Body body = new S3Body("s3://b/k", 1_000, LONG, LONG, null);
        CompletableFuture<S3Body.Result> result = body.prepare();
        body.onResponse(GetObjectResponse.builder().contentLength(30L).build());
        Chunks chunks = new Chunks(3, 10, Duration.ZERO, true);
        body.onStream(chunks);
        result.get(1, TimeUnit.MINUTES);
        chunks.sender.join();
        assertEquals(queued, S3Body.TIMER.getQueue().size());
    }

    @Test
    void aPooledBodyIsWrittenIntoAnArrayTakenAtItsHeaders() throws Exception {
        BodyBuffers pool = new BodyBuffers(1 << 20);
        S3Body body = new S3Body("s3://b/k", 1_000, LONG, LONG, pool);
        CompletableFuture<S3Body.Result> result = body.prepare();
        assertEquals(0, pool.lent());
        body.onResponse(GetObjectResponse.builder().contentLength(6L).build());
        assertEquals(1, pool.lent());
        body.onStream(publisher(new byte[] {1, 2}, new byte[] {3, 4, 5, 6}));
        byte[] array = result.get().bytes();
        assertEquals(6, body.filled());
        assertEquals(4096, array.length);
        assertEquals(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6}), BodyBuffers.body(array, 6));
        assertTrue(pool.give(array));
    }

    /** A body cut midway goes back to the pool once stopped; one that failed takes none. */
    @Test
    void aFailedPooledBodyGivesItsArrayBackOnceStopped() {
        BodyBuffers pool = new BodyBuffers(1 << 20);
        S3Body cut = new S3Body("s3://b/k", 1_000, LONG, LONG, pool);
        CompletableFuture<S3Body.Result> result = cut.prepare();
        cut.onResponse(GetObjectResponse.builder().contentLength(6L).build());
        cut.onStream(publisher(new byte[] {7, 8, 9}));
        assertThrows(ExecutionException.class, result::get);
        cut.stop(new IllegalStateException("attempt over"));
        cut.recycle();
        assertEquals(0, pool.lent());
        assertEquals(4096, pool.retained());
        S3Body late = new S3Body("s3://b/k", 1_000, LONG, LONG, pool);
        CompletableFuture<S3Body.Result> stopped = late.prepare();
        late.stop(new IllegalStateException("timed out before the headers"));
        late.onResponse(GetObjectResponse.builder().contentLength(6L).build());
        late.recycle();
        assertThrows(ExecutionException.class, stopped::get);
        assertEquals(0, pool.lent());
    }

    @Test
    void aBodyGivenAnArrayIsWrittenFromItsStartAndTellsHowFarItGot() throws Exception {
        byte[] into = new byte[10];
        S3Body body = new S3Body("s3://b/k", LONG, LONG, into, 4, into.length);
        CompletableFuture<S3Body.Result> result = body.prepare();
        body.onResponse(GetObjectResponse.builder().contentLength(6L).build());
        body.onStream(publisher(new byte[] {1, 2}, new byte[] {3, 4, 5, 6}));
        assertEquals(10, body.filled());
        assertEquals(
                java.util.Arrays.toString(new byte[] {0, 0, 0, 0, 1, 2, 3, 4, 5, 6}),
                java.util.Arrays.toString(result.get().bytes()));
    }

    @Test
    void aTruncatedBodyKeepsTheBytesItReceivedAndTheirEnd() {
        byte[] into = new byte[10];
        S3Body body = new S3Body("s3://b/k", LONG, LONG, into, 4, into.length);
        CompletableFuture<S3Body.Result> result = body.prepare();
        body.onResponse(GetObjectResponse.builder().contentLength(6L).build());
        body.onStream(publisher(new byte[] {7, 8, 9}));
        ExecutionException e = assertThrows(ExecutionException.class, result::get);
        assertTrue(
                e.getCause().getMessage().contains("truncated body, 3 of 6 bytes"), e.toString());
        assertEquals(7, body.filled());
        assertEquals(9, into[6]);
    }

    /** A publisher of {@code chunks}, one per request, then completion. */
    private static SdkPublisher<ByteBuffer> publisher(byte[]... chunks) {
        return subscriber ->
                subscriber.onSubscribe(
                        new Subscription() {
                            private int next;

                            @Override
                            public void request(long n) {
                                if (next < chunks.length) {
                                    subscriber.onNext(ByteBuffer.wrap(chunks[next++]));
                                } else if (next++ == chunks.length) {
                                    subscriber.onComplete();
                                }
                            }

                            @Override
                            public void cancel() {}
                        });
    }

    /**
     * A body of {@code count} chunks of {@code size} bytes, {@code gap} apart, sent on demand from
     * a virtual thread ({@link #sender}, done once the subscriber has seen the end); completes
     * after them, or else stays silent.
     */
    private static final class Chunks implements SdkPublisher<ByteBuffer> {

        private final int count;
        private final int size;
        private final Duration gap;
        private final boolean complete;
        private volatile Thread sender;
        // the longest time between two chunks, the first counted from construction
        private volatile long worstGapNanos;
        private volatile long lastChunk = System.nanoTime();

        Chunks(int count, int size, Duration gap, boolean complete) {
            this.count = count;
            this.size = size;
            this.gap = gap;
            this.complete = complete;
        }

        @Override
        public void subscribe(Subscriber<? super ByteBuffer> subscriber) {
            Semaphore demand = new Semaphore(0);
            subscriber.onSubscribe(
                    new Subscription() {
                        @Override
                        public void request(long n) {
                            demand.release((int) n);
                        }

                        @Override
                        public void cancel() {}
                    });
            sender = Thread.ofVirtual().start(() -> send(subscriber, demand));
        }

        private void send(Subscriber<? super ByteBuffer> subscriber, Semaphore demand) {
            try {
                for (int i = 0; i < count; i++) {
                    Thread.sleep(gap);
                    demand.acquire();
                    long now = System.nanoTime();
                    worstGapNanos = Math.max(worstGapNanos, now - lastChunk);
                    lastChunk = now;
                    subscriber.onNext(ByteBuffer.wrap(new byte[size]));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (complete) {
                subscriber.onComplete();
            }
        }
    }

    private static BadItemException badItem(CompletableFuture<S3Body.Result> result) {
        ExecutionException e = assertThrows(ExecutionException.class, result::get);
        assertTrue(S3Errors.badItem(e) != null, e.toString());
        return S3Errors.badItem(e);
    }
}
