package dev.asyncdataset.examples.s3;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A token bucket of requests: {@code perSecond} tokens a second, at most {@code burst} saved up.
 * Kept as the time the bucket will next be full, so one compare-and-set takes a token (the generic
 * cell rate algorithm, which admits exactly what the token bucket admits). Thread-safe.
 */
final class GetRateLimit {

    private final long interval;
    private final long burstSpan;
    private final LongSupplier nanoClock;
    private final AtomicLong fullAt;

    /**
     * @param perSecond the sustained rate, at least 1
     * @param burst the most requests admitted at once after a quiet spell, at least 1
     * @param nanoClock the time in nanoseconds, {@code System::nanoTime} outside tests
     */
    GetRateLimit(int perSecond, int burst, LongSupplier nanoClock) {
        if (perSecond < 1 || burst < 1) {
            throw new IllegalArgumentException(
                    "rate limit needs perSecond >= 1 and burst >= 1: " + perSecond + ", " + burst);
        }
        this.interval = 1_000_000_000L / perSecond;
        this.burstSpan = interval * burst;
        this.nanoClock = nanoClock;
        this.fullAt = new AtomicLong(nanoClock.getAsLong());
    }

    /**
     * Takes a token if there is one.
     *
     * @return whether the request is admitted
     */
    boolean tryTake() {
        long now = nanoClock.getAsLong();
        while (true) {
            long full = fullAt.get();
            long next = Math.max(full, now) + interval;
            if (next - now > burstSpan) {
                return false;
            }
            if (fullAt.compareAndSet(full, next)) {
                return true;
            }
        }
    }
}
