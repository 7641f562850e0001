package dev.asyncdataset.source;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Predicate;

/**
 * Runs a call up to {@code maxAttempts} times while it fails with a transient error, sleeping
 * between attempts with exponential backoff and full jitter: before retry {@code n} (1-based) it
 * sleeps a uniformly random time in {@code [0, min(maxDelay, baseDelay * 2^(n-1))]}. Meant for
 * virtual threads, where sleeping is cheap. Counts retries across all threads.
 */
final class Retrier {

    private final int maxAttempts;
    private final long baseDelayNanos;
    private final long maxDelayNanos;
    private final Predicate<Throwable> isTransient;
    private final LongAdder retries = new LongAdder();

    Retrier(
            int maxAttempts,
            Duration baseDelay,
            Duration maxDelay,
            Predicate<Throwable> isTransient) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts < 1: " + maxAttempts);
        }
        this.maxAttempts = maxAttempts;
        this.baseDelayNanos = baseDelay.toNanos();
        this.maxDelayNanos = maxDelay.toNanos();
        this.isTransient = isTransient;
    }

    /**
     * Calls {@code call} until it succeeds, fails with a non-transient error, or has failed {@code
     * maxAttempts} times; then throws the last error.
     */
    <T> T call(Callable<T> call) throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.call();
            } catch (Exception e) {
                if (attempt >= maxAttempts || !isTransient.test(e)) {
                    throw e;
                }
                retries.increment();
                Thread.sleep(Duration.ofNanos(backoffNanos(attempt)));
            }
        }
    }

    /** The sleep before retry {@code attempt}: full jitter over the capped exponential. */
    long backoffNanos(int attempt) {
        long ceiling = baseDelayNanos << Math.min(attempt - 1, 30);
        if (ceiling <= 0 || ceiling > maxDelayNanos) {
            ceiling = maxDelayNanos;
        }
        return ThreadLocalRandom.current().nextLong(ceiling + 1);
    }

    int maxAttempts() {
        return maxAttempts;
    }

    long retryCount() {
        return retries.sum();
    }
}
