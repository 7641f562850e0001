package dev.asyncdataset.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits, bounded, for a condition that other threads make true. */
public final class Poll {

    /** How long a condition may take on a loaded machine before the test fails. */
    public static final Duration LIMIT = Duration.ofSeconds(60);

    private static final long EVERY_MILLIS = 5;

    private Poll() {}

    /**
     * Returns once {@code condition} holds, checking it every few milliseconds; fails the test,
     * naming {@code what}, if it does not hold within {@link #LIMIT}.
     */
    public static void until(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                fail(what + ": not reached in " + LIMIT.toSeconds() + " s");
            }
            Thread.sleep(EVERY_MILLIS);
        }
    }
}
