package dev.asyncdataset.internal.io;

import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells the user of one store's outage through SLF4J, once per outage rather than per retry: a
 * warning when a call has been retrying for {@link #WARN_AFTER}, and one line when a call succeeds
 * again. Shared by the threads of one {@link Retrier}.
 */
final class Outage {

    /** How long a call retries before the outage is logged. */
    static final Duration WARN_AFTER = Duration.ofSeconds(3);

    private static final Logger logger = LoggerFactory.getLogger(Retrier.class);

    private static final long NONE = Long.MIN_VALUE;

    /** When the warned outage began (by {@link System#nanoTime}), or {@code NONE}. */
    private final AtomicLong since = new AtomicLong(NONE);

    /**
     * Notes a retry of a call that began {@code elapsedNanos} ago; warns if it is the first to have
     * retried for {@link #WARN_AFTER} since the store last answered.
     */
    void retrying(String what, int attempts, long elapsedNanos, Throwable error) {
        if (elapsedNanos < WARN_AFTER.toNanos()
                || !since.compareAndSet(NONE, System.nanoTime() - elapsedNanos)) {
            return;
        }
        logger.warn(
                "store unreachable, retrying: {} attempts, {} s ({}: {})",
                attempts,
                seconds(elapsedNanos),
                what,
                Retrier.unwrap(error).toString());
    }

    /** Notes an answer; says the store answers again if an outage was warned of. */
    void answered() {
        long began = since.get();
        if (began != NONE && since.compareAndSet(began, NONE)) {
            logger.info("store answers again after {} s", seconds(System.nanoTime() - began));
        }
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }
}
