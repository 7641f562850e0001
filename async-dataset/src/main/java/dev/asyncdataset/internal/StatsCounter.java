package dev.asyncdataset.internal;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.ConcurrentHistogram;

/** The running counters of one epoch, updated by the stages and the trainer's thread. */
public final class StatsCounter {

    private static final long HOUR_MICROS = 3_600_000_000L;

    final long epoch;
    final AtomicLong batches = new AtomicLong();
    final AtomicLong items = new AtomicLong();
    final AtomicLong bytes = new AtomicLong();
    final AtomicLong skipped = new AtomicLong();
    final AtomicLong waitNanos = new AtomicLong();
    final AtomicLong decoded = new AtomicLong();
    final AtomicLong decodeNanos = new AtomicLong();
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger ready = new AtomicInteger();
    final AtomicInteger fetchLimit = new AtomicInteger();
    final ConcurrentHistogram fetchMicros = new ConcurrentHistogram(HOUR_MICROS, 2);
    private final AtomicLong startNanos = new AtomicLong();
    private final AtomicLong endNanos = new AtomicLong();

    /**
     * Creates the counters of epoch {@code epoch}.
     *
     * @param epoch the epoch, counted from 0
     */
    public StatsCounter(long epoch) {
        this.epoch = epoch;
    }

    /**
     * Returns a consistent-enough view of the counters, read without stopping the stages.
     *
     * @return the current values
     */
    public Snapshot snapshot() {
        long start = startNanos.get();
        long end = endNanos.get() != 0 ? endNanos.get() : System.nanoTime();
        long decodedItems = decoded.get();
        return new Snapshot(
                epoch,
                batches.get(),
                items.get(),
                bytes.get(),
                skipped.get(),
                start == 0 ? 0 : end - start,
                waitNanos.get(),
                fetchMicros.getValueAtPercentile(50) / 1e3,
                fetchMicros.getValueAtPercentile(95) / 1e3,
                fetchMicros.getValueAtPercentile(99) / 1e3,
                decodedItems == 0 ? 0 : decodeNanos.get() / 1e6 / decodedItems,
                inFlight.get(),
                ready.get(),
                fetchLimit.get());
    }

    void started() {
        startNanos.compareAndSet(0, System.nanoTime());
    }

    void ended() {
        endNanos.compareAndSet(0, System.nanoTime());
    }

    /**
     * The counters of one epoch at one moment.
     *
     * @param epoch the epoch
     * @param batches batches handed to the trainer
     * @param items items in those batches
     * @param bytes bytes fetched (for sources that fetch bytes)
     * @param skipped bad items skipped
     * @param wallNanos time since the epoch's first batch was asked for, to its end or now
     * @param waitNanos time the trainer spent in {@code hasNext}/{@code next}
     * @param fetchP50Millis median fetch latency
     * @param fetchP95Millis 95th percentile fetch latency
     * @param fetchP99Millis 99th percentile fetch latency
     * @param decodeMillisPerItem mean decode and transform time per item
     * @param inFlight batches being fetched or decoded now
     * @param ready batches on the device that the trainer has not taken yet
     * @param fetchLimit the fetches allowed at once now
     */
    public record Snapshot(
            long epoch,
            long batches,
            long items,
            long bytes,
            long skipped,
            long wallNanos,
            long waitNanos,
            double fetchP50Millis,
            double fetchP95Millis,
            double fetchP99Millis,
            double decodeMillisPerItem,
            int inFlight,
            int ready,
            int fetchLimit) {}
}
