package dev.asyncdataset.examples.timeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Dense lanes are drawn from time bins: what each bin holds. */
class TimeBinsTest {

    private final TimeBins bins = new TimeBins(4, 4);

    @Test
    void busyCountsOverlappingSpansAsTheAverageNumberRunningInEachBin() {
        List<Span> spans = List.of(span(0, 2), span(0.5, 1), span(1.5, 3.25));
        assertArrayEquals(new double[] {1.5, 1.5, 1, 0.25}, bins.busy(spans), 1e-9);
    }

    @Test
    void highestKeepsEachLevelUntilTheNextAndTheMostOfABin() {
        List<Level> levels = List.of(new Level(1.2, 8), new Level(1.5, 4), new Level(3, 16));
        assertArrayEquals(new double[] {Double.NaN, 8, 4, 16}, bins.highest(levels), 1e-9);
    }

    private static Span span(double start, double end) {
        return new Span(start, end, 0, 0);
    }
}
