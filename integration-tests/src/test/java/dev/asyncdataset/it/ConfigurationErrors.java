package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.StoreOptionsBuilder;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.function.Executable;

/** Asserts that a store's configuration error is reported at once, not retried for the budget. */
final class ConfigurationErrors {

    /** A retry budget far longer than a configuration error may take to be reported. */
    static final Duration BUDGET = Duration.ofSeconds(120);

    private ConfigurationErrors() {}

    /** Opening a tar source on {@code url} fails as {@link #assertAtOnce} says. */
    static IOException assertOpeningFails(String url, StoreOptionsBuilder store, String cause) {
        return assertAtOnce(
                url,
                () ->
                        TarShardSource.builder()
                                .setLocation(url)
                                .optStore(store.optRetryBudget(BUDGET).build())
                                .build(),
                cause);
    }

    /**
     * {@code first} (the first request to a store) fails with an {@link IOException} that names
     * {@code cause} and says it came before the store ever answered, well within {@link #BUDGET}.
     */
    static IOException assertAtOnce(String what, Executable first, String cause) {
        long start = System.nanoTime();
        IOException e = assertThrows(IOException.class, first);
        long millis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("%s: failed after %d ms: %s%n", what, millis, e.getMessage());
        assertTrue(e.getMessage().contains(cause), e.getMessage());
        assertTrue(e.getMessage().contains("before the store ever answered"), e.getMessage());
        // not retried for the budget; half of it leaves room for a busy machine's first client
        assertTrue(millis < BUDGET.toMillis() / 2, "failed after " + millis + " ms");
        assertEquals(IOException.class, e.getClass(), "not a bad item: " + e);
        return e;
    }
}
