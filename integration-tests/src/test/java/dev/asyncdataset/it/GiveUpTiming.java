package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.store.StoreOptions;
import java.time.Duration;
import org.junit.jupiter.api.function.Executable;

/** When a read failing on every attempt is given up, against the bound its settings state. */
final class GiveUpTiming {

    private GiveUpTiming() {}

    /** The options of a store whose reads stall: these timeouts, and this retry budget. */
    static StoreOptions options(Duration readIdle, Duration firstByte, Duration budget) {
        return StoreOptions.builder()
                .optReadIdleTimeout(readIdle)
                .optFirstByteTimeout(firstByte)
                .optRetryBudget(budget)
                .build();
    }

    /**
     * Asserts that {@code read} fails as a bad item still failing, no sooner than {@code budget}
     * and before {@code bound} plus 3 s, a margin for a busy machine; prints how long it took.
     *
     * @param budget the retry budget
     * @param bound the stated bound: the budget, the first-byte timeout and the read-idle timeout
     * @param read the read that fails on every attempt
     */
    static void assertGivenUpWithin(Duration budget, Duration bound, Executable read) {
        long start = System.nanoTime();
        BadItemException e = assertThrows(BadItemException.class, read);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        System.out.printf("stalling on every attempt: given up after %d ms%n", took.toMillis());
        assertTrue(e.getMessage().contains("still failing"), e.getMessage());
        assertTrue(took.compareTo(budget) >= 0, "gave up before the budget: " + took);
        assertTrue(took.compareTo(bound.plusSeconds(3)) < 0, took + ", bound " + bound);
    }
}
