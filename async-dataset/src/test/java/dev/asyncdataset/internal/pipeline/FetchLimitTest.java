package dev.asyncdataset.internal.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.testing.Poll;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The fetch limit, fed with observed timings instead of real fetches: no clock, no sleeps. */
class FetchLimitTest {

    private static final long MS = 1_000_000;

    private final AtomicInteger published = new AtomicInteger();

    @Test
    void aFixedLimitNeverMovesAndKeepsTheWorkers() throws Exception {
        FetchLimit limit = new FetchLimit(false, 8, 16, 2, published);
        observe(limit, 1 * MS, 100 * MS, 64);
        assertEquals(8, limit.limit());
        assertEquals(4, limit.batchesInFlight(4, 32));
    }

    @Test
    void autoSettlesOnTwiceTheDecodeRateTimesTheFetchLatency() throws Exception {
        FetchLimit limit = new FetchLimit(true, 256, 16, 2, published);
        observe(limit, 1 * MS, 20 * MS, 64);
        assertEquals(2 * 2_000 * 20 / 1_000, limit.limit(), "2 x 2000 items/s x 20 ms");
        assertEquals(80, published.get());
    }

    @Test
    void autoFollowsTheLatencyUpToItsBoundAndBackDownToTheMinimum() throws Exception {
        FetchLimit limit = new FetchLimit(true, 256, 16, 2, published);
        observe(limit, 1 * MS, 10 * MS, 64);
        assertEquals(40, limit.limit());
        observe(limit, 1 * MS, 100 * MS, 64);
        assertEquals(256, limit.limit(), "400 wanted, 256 allowed");
        observe(limit, 1 * MS, MS / 10, 64);
        assertEquals(FetchLimit.MIN, limit.limit());
    }

    @Test
    void autoKeepsEnoughBatchesInFlightToFeedItsLimit() throws Exception {
        FetchLimit limit = new FetchLimit(true, 256, 16, 2, published);
        observe(limit, 1 * MS, 100 * MS, 64);
        assertEquals(33, limit.batchesInFlight(4, 8), "256 items in batches of 8, plus one");
        assertEquals(4, limit.batchesInFlight(4, 256), "never fewer than the workers");
    }

    @Test
    void acquireWaitsAtTheLimitUntilAFetchEnds() throws Exception {
        FetchLimit limit = new FetchLimit(false, 2, 2, 1, published);
        limit.acquire();
        limit.acquire();
        CountDownLatch third = new CountDownLatch(1);
        Thread waiter =
                Thread.ofVirtual()
                        .start(
                                () -> {
                                    try {
                                        limit.acquire();
                                        third.countDown();
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                });
        Poll.until("the waiter blocked", () -> waiter.getState() == Thread.State.WAITING);
        assertEquals(1, third.getCount(), "a third fetch started past the limit");
        limit.release(MS);
        assertTrue(third.await(10, TimeUnit.SECONDS), "the freed slot was not handed on");
    }

    /** Runs {@code fetches} fetches, each with the decode and fetch times given. */
    private static void observe(FetchLimit limit, long decodeNanos, long fetchNanos, int fetches)
            throws InterruptedException {
        for (int i = 0; i < fetches; i++) {
            limit.acquire();
            limit.decoded(decodeNanos);
            limit.release(fetchNanos);
        }
    }
}
