package dev.asyncdataset.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Store-neutral options: checked when given, kept when the builder changes, secrets unshown. */
class StoreOptionsTest {

    @Test
    void badValuesAreRejectedAtOnceNamingTheOptionAndTheValue() {
        StoreOptionsBuilder builder = StoreOptions.builder();
        assertEquals(
                "maxAttempts < 1: 0",
                assertThrows(IllegalArgumentException.class, () -> builder.optMaxAttempts(0))
                        .getMessage());
        assertEquals(
                "readIdleTimeout not positive: PT0S",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder.optReadIdleTimeout(Duration.ZERO))
                        .getMessage());
        assertEquals(
                "maxObjectBytes out of range: " + Integer.MAX_VALUE,
                assertThrows(
                                IllegalArgumentException.class,
                                () -> builder.optMaxObjectBytes(Integer.MAX_VALUE))
                        .getMessage());
        assertThrows(NullPointerException.class, () -> builder.optAuthorization(null));
    }

    @Test
    void builtOptionsKeepTheirValuesWhenTheBuilderChangesAndStartAnotherBuilder() {
        StoreOptionsBuilder builder =
                StoreOptions.builder()
                        .optMaxAttempts(3)
                        .optFirstByteTimeout(Duration.ofSeconds(4))
                        .optAuthorization(() -> "Bearer secret");
        StoreOptions options = builder.build();
        builder.optMaxAttempts(9);
        StoreOptions changed = options.toBuilder().optRequestTimeout(Duration.ofMinutes(1)).build();
        assertEquals(3, options.maxAttempts());
        assertEquals(3, changed.maxAttempts());
        assertEquals(Duration.ofSeconds(4), changed.firstByteTimeout());
        assertEquals(Duration.ofMinutes(1), changed.requestTimeout());
        assertEquals("Bearer secret", changed.authorization().get());
        assertFalse(options.toString().contains("secret"), options.toString());
    }
}
