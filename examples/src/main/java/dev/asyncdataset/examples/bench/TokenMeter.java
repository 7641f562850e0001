package dev.asyncdataset.examples.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Counts tokens through a warm-up and then a number of timed intervals. */
final class TokenMeter {

    private final long warmupEnd;
    private final int intervals;
    private final long intervalNanos;
    private final List<Double> rates = new ArrayList<>();
    private final List<Long> counted = new ArrayList<>();
    private KernelCounts before;
    private long measureStart;
    private long intervalStart;
    private long tokens;

    TokenMeter(int warmupSeconds, int intervals, int intervalSeconds) {
        this.warmupEnd = System.nanoTime() + warmupSeconds * 1_000_000_000L;
        this.intervals = intervals;
        this.intervalNanos = intervalSeconds * 1_000_000_000L;
    }

    /** Counts a batch's tokens once the warm-up is over, closing an interval when it is due. */
    void add(long batchTokens) throws IOException {
        long now = System.nanoTime();
        if (before == null) {
            if (now >= warmupEnd) {
                before = KernelCounts.now();
                measureStart = now;
                intervalStart = now;
            }
            return;
        }
        tokens += batchTokens;
        if (now - intervalStart >= intervalNanos) {
            rates.add(tokens / ((now - intervalStart) / 1e9));
            counted.add(tokens);
            tokens = 0;
            intervalStart = now;
        }
    }

    /** Returns whether every interval is timed. */
    boolean done() {
        return rates.size() >= intervals;
    }

    /**
     * Returns the intervals' rates and tokens and the kernel's counts over them, as JSON fields.
     */
    String json() throws IOException {
        double seconds = (System.nanoTime() - measureStart) / 1e9;
        return String.format(
                Locale.ROOT,
                "\"rates\": %s, \"tokens\": %s, %s",
                rates,
                counted,
                KernelCounts.now().since(before).jsonFields(seconds));
    }
}
