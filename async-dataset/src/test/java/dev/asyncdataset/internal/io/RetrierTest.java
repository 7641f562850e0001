package dev.asyncdataset.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetrierTest {

    private static final Duration MS = Duration.ofMillis(1);
    private static final Duration HOUR = Duration.ofHours(1);
    private static final String RETRY = "dev.asyncdataset.Retry";

    @Test
    void retriesTransientFailuresAndCountsThem() throws Exception {
        Retrier retrier = new Retrier(5, HOUR, MS, MS, e -> e instanceof IOException);
        AtomicInteger calls = new AtomicInteger();
        String result =
                retrier.call(
                        "test",
                        () -> {
                            if (calls.incrementAndGet() < 4) {
                                throw new IOException("reset");
                            }
                            return "ok";
                        });
        assertEquals("ok", result);
        assertEquals(3, retrier.retryCount());
    }

    @Test
    void eachRetryIsRecordedNamingTheRequestAndTheError(@TempDir Path dir) throws Exception {
        Retrier retrier = new Retrier(5, HOUR, MS, MS, e -> e instanceof IOException);
        AtomicInteger calls = new AtomicInteger();
        try (Recording recording = new Recording()) {
            recording.enable("dev.asyncdataset.Retry");
            recording.start();
            retrier.call(
                    "s3://bucket/key.jpg",
                    () -> {
                        if (calls.incrementAndGet() < 3) {
                            throw new IOException("reset " + calls.get());
                        }
                        return "ok";
                    });
            recording.stop();
            recording.dump(dir.resolve("retries.jfr"));
        }
        List<RecordedEvent> retries = RecordingFile.readAllEvents(dir.resolve("retries.jfr"));
        assertEquals(List.of(1, 2), retries.stream().map(e -> e.getInt("attempt")).toList());
        assertEquals("s3://bucket/key.jpg", retries.getFirst().getString("request"));
        assertEquals("java.io.IOException: reset 2", retries.getLast().getString("error"));
    }

    @Test
    void givesUpAfterMaxAttemptsWithTheLastError() {
        Retrier retrier = new Retrier(3, HOUR, MS, MS, e -> true);
        AtomicInteger calls = new AtomicInteger();
        Retrier.GaveUp e =
                assertThrows(
                        Retrier.GaveUp.class,
                        () ->
                                retrier.call(
                                        "test",
                                        () -> {
                                            throw new IOException(
                                                    "attempt " + calls.incrementAndGet());
                                        }));
        assertEquals("attempt 3", e.getCause().getMessage());
        assertTrue(e.getMessage().startsWith("still failing after 3 attempts in "), e.getMessage());
        assertEquals(2, retrier.retryCount());
    }

    @Test
    void givesUpWhenTheTimeBudgetIsSpentWhateverTheAttemptsLeft() {
        Duration budget = Duration.ofMillis(300);
        Retrier retrier =
                new Retrier(Integer.MAX_VALUE, budget, MS, Duration.ofMillis(50), e -> true);
        long start = System.nanoTime();
        assertThrows(
                Retrier.GaveUp.class,
                () ->
                        retrier.call(
                                "test",
                                () -> {
                                    throw new IOException("down");
                                }));
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(tookMillis >= 300 && tookMillis < 5_000, "took " + tookMillis + " ms");
        // attempts are unlimited, so only the budget ends it; how many fit depends on the load
        assertTrue(retrier.retryCount() >= 1, "retries " + retrier.retryCount());
    }

    @Test
    void anUnknownHostAtFirstContactIsNamedWithTheHostAndNotRetried() {
        Retrier retrier = new Retrier(5, HOUR, MS, MS, e -> e instanceof IOException);
        AtomicInteger calls = new AtomicInteger();
        IOException e =
                assertThrows(
                        IOException.class,
                        () ->
                                retrier.call(
                                        "hf://datasets/org/name/",
                                        () -> {
                                            calls.incrementAndGet();
                                            java.net.ConnectException wrapped =
                                                    new java.net.ConnectException("no");
                                            wrapped.initCause(
                                                    new java.net.UnknownHostException(
                                                            "hub.invalid"));
                                            throw wrapped;
                                        }));
        assertTrue(e.getMessage().contains("unknown host hub.invalid"), e.getMessage());
        assertEquals(1, calls.get());
    }

    @Test
    void doesNotRetryOtherFailures() {
        Retrier retrier = new Retrier(5, HOUR, MS, MS, e -> false);
        IllegalStateException bad = new IllegalStateException();
        assertSame(
                bad,
                assertThrows(
                        IllegalStateException.class,
                        () ->
                                retrier.call(
                                        "test",
                                        () -> {
                                            throw bad;
                                        })));
        assertEquals(0, retrier.retryCount());
        assertThrows(IllegalArgumentException.class, () -> new Retrier(0, HOUR, MS, MS, e -> true));
    }

    /**
     * A fetch cancelled while its request runs: the client (as the AWS SDK does) turns the
     * interrupt into a transient-looking I/O error and leaves the thread's interrupt flag set.
     */
    @Test
    void aCallCutByItsThreadsInterruptEndsAtOnceAndIsNoRetry(@TempDir Path dir) throws Exception {
        Retrier retrier = new Retrier(5, HOUR, HOUR, HOUR, e -> e instanceof IOException);
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Exception> ended = new AtomicReference<>();
        try (Recording recording = new Recording()) {
            recording.enable(RETRY);
            recording.start();
            Thread fetch =
                    Thread.ofVirtual()
                            .start(() -> ended.set(callUntilInterrupted(retrier, calls, started)));
            assertTrue(started.await(1, TimeUnit.MINUTES));
            fetch.interrupt();
            fetch.join(Duration.ofMinutes(1));
            assertFalse(fetch.isAlive(), "the cut call is still running");
            recording.stop();
            recording.dump(dir.resolve("retries.jfr"));
        }
        InterruptedException e = assertInstanceOf(InterruptedException.class, ended.get());
        assertEquals("s3://bucket/key.jpg: interrupted", e.getMessage());
        assertInstanceOf(InterruptedIOException.class, e.getSuppressed()[0]);
        assertEquals(1, calls.get());
        assertEquals(0, retrier.retryCount());
        assertEquals(
                List.of(),
                RecordingFile.readAllEvents(dir.resolve("retries.jfr")).stream()
                        .filter(event -> event.getEventType().getName().equals(RETRY))
                        .toList());
    }

    /** Calls a request that blocks until its thread is interrupted; returns how the call ended. */
    private static Exception callUntilInterrupted(
            Retrier retrier, AtomicInteger calls, CountDownLatch started) {
        try {
            retrier.call(
                    "s3://bucket/key.jpg",
                    () -> {
                        calls.incrementAndGet();
                        started.countDown();
                        try {
                            new CountDownLatch(1).await();
                            return "never";
                        } catch (InterruptedException cut) {
                            Thread.currentThread().interrupt();
                            throw new InterruptedIOException("request aborted");
                        }
                    });
            return null;
        } catch (Exception e) {
            return e;
        }
    }

    @Test
    void backoffIsFullJitterUnderACappedExponential() {
        Retrier retrier =
                new Retrier(10, HOUR, Duration.ofMillis(10), Duration.ofMillis(100), e -> true);
        long[] ceilings = {10, 20, 40, 80, 100, 100, 100};
        for (int attempt = 1; attempt <= ceilings.length; attempt++) {
            long max = 0;
            for (int i = 0; i < 2000; i++) {
                long nanos = retrier.backoffNanos(attempt);
                assertTrue(
                        nanos >= 0 && nanos <= ceilings[attempt - 1] * 1_000_000,
                        attempt + ": " + nanos);
                max = Math.max(max, nanos);
            }
            assertTrue(max > ceilings[attempt - 1] * 1_000_000 / 2, "jitter spans the range");
        }
        assertTrue(retrier.backoffNanos(100) <= 100_000_000);
    }
}
