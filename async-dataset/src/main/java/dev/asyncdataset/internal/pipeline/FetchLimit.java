package dev.asyncdataset.internal.pipeline;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * How many fetches may run at once: a fixed number, or, in AUTO mode, a number set by Little's law
 * from what the stages observe. Items in flight L = throughput x latency, where the throughput to
 * sustain is what the decode stage can take (its threads over its mean time per item) and the
 * latency is the mean fetch time; the limit is twice that, within [{@link #MIN}, max]: batches
 * complete whole and in order, so the decode stage only stays busy when the batches behind the
 * oldest already hold a fetch latency's worth of work. (BENCHMARKS.md: at 100 ms, twice came within
 * 90% of the best fixed setting where four times reached 81% in the same hour, with 4 batches of 64
 * in flight instead of 6.) It is recomputed every {@link #UPDATE_EVERY} completed fetches, from
 * moving averages, so it follows the storage as it speeds up or slows down.
 *
 * <p>Thread-safe: fetch threads acquire and release, fetch and decode threads report timings, the
 * batch window reads how many batches to keep in flight.
 */
final class FetchLimit {

    /**
     * The lowest AUTO limit: half a usual batch. Even with storage as fast as memory, a limit of 2
     * left the decode stage waiting between fetches (17% below the best fixed setting).
     */
    static final int MIN = 16;

    /** Completed fetches between two recomputations. */
    static final int UPDATE_EVERY = 8;

    /** The AUTO limit over the Little's-law estimate. */
    static final double HEADROOM = 2;

    private static final double SMOOTHING = 0.2;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition freed = lock.newCondition();
    private final boolean auto;
    private final int max;
    private final int decodeThreads;
    private final AtomicInteger published;
    private int limit;
    private int inUse;
    private double fetchNanos;
    private double decodeNanos;
    private int sinceUpdate;

    /**
     * @param auto whether the limit follows Little's law, or stays at {@code max}
     * @param max the fixed limit, or the highest AUTO limit
     * @param initial the AUTO limit before anything is observed
     * @param decodeThreads the threads of the decode stage
     * @param published where the current limit is published, for the loader's statistics
     */
    FetchLimit(boolean auto, int max, int initial, int decodeThreads, AtomicInteger published) {
        this.auto = auto;
        this.max = max;
        this.decodeThreads = decodeThreads;
        this.published = published;
        this.limit = auto ? clamp(initial) : max;
        published.set(limit);
    }

    /** Waits until a fetch may start; interruptible. */
    void acquire() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            while (inUse >= limit) {
                freed.await();
            }
            inUse++;
        } finally {
            lock.unlock();
        }
    }

    /** Ends a fetch started by {@link #acquire()}, after reporting its time. */
    void release(long fetchNanos) {
        lock.lock();
        try {
            inUse--;
            if (auto) {
                this.fetchNanos = average(this.fetchNanos, fetchNanos);
                if (++sinceUpdate >= UPDATE_EVERY) {
                    recompute();
                }
            }
            freed.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Reports the decode and transform time of one item. */
    void decoded(long nanos) {
        if (auto) {
            lock.lock();
            try {
                decodeNanos = average(decodeNanos, nanos);
            } finally {
                lock.unlock();
            }
        }
    }

    /** Returns the current limit. */
    int limit() {
        lock.lock();
        try {
            return limit;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Returns how many batches to keep in flight: {@code workers}, or under AUTO enough batches of
     * {@code batchSize} to give the limit items to fetch, plus the one being decoded and collated,
     * whichever is more.
     */
    int batchesInFlight(int workers, int batchSize) {
        if (!auto) {
            return workers;
        }
        return Math.max(workers, Math.ceilDiv(limit(), Math.max(1, batchSize)) + 1);
    }

    private void recompute() {
        sinceUpdate = 0;
        if (decodeNanos <= 0) {
            return;
        }
        double itemsPerNano = decodeThreads / decodeNanos;
        limit = clamp((int) Math.ceil(HEADROOM * itemsPerNano * fetchNanos));
        published.set(limit);
        freed.signalAll();
    }

    private int clamp(int wanted) {
        return Math.max(Math.min(MIN, max), Math.min(max, wanted));
    }

    private static double average(double mean, long sample) {
        return mean <= 0 ? sample : mean + SMOOTHING * (sample - mean);
    }
}
