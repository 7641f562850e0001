package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BuilderTest {

    @Test
    void rejectsBadCountsNamingTheValue() {
        ConcurrentDataset.Builder builder = ConcurrentDataset.builder();
        assertMessage("fetchers < 1: 0", () -> builder.optFetchers(0));
        assertMessage("workers < 1: -2", () -> builder.optWorkers(-2));
        assertMessage("stagingDepth < 1: 0", () -> builder.optStagingDepth(0));
        assertMessage("decodeThreads < 1: 0", () -> builder.optDecodeThreads(0));
    }

    @Test
    void requiresSamplingAndExactlyOneSource() {
        assertThrows(
                NullPointerException.class,
                () ->
                        ConcurrentDataset.builder()
                                .setSource(new TestSources.WithBadItems(1))
                                .build());
        assertThrows(
                IllegalArgumentException.class,
                () -> ConcurrentDataset.builder().setSampling(1, false).build());
    }

    private static void assertMessage(String expected, Runnable call) {
        assertEquals(
                expected, assertThrows(IllegalArgumentException.class, call::run).getMessage());
    }
}
