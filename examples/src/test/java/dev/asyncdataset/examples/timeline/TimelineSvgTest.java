package dev.asyncdataset.examples.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A long run stays readable: batch lanes are aggregated into bins and the picture says so. */
class TimelineSvgTest {

    private static final int SECONDS = 600;
    private static final int BATCHES = 6000;

    @Test
    void aggregatesATenMinuteRunsBatchesIntoBinsAndSaysSo() {
        String svg = TimelineSvg.render(tenMinutes(), "ten minutes");
        assertEquals(0, svg.split("<title>", -1).length - 1, "no mark per batch");
        assertTrue(svg.contains(BATCHES + " batches, too many to mark one by one"), svg);
        assertTrue(svg.contains("share of time"), svg);
        assertTrue(svg.length() < 200_000, "picture of " + svg.length() + " characters");
    }

    /** 6,000 batches of 64 items, each item fetched for 20 ms, over 600 s. */
    private static Timeline tenMinutes() {
        double batch = (double) SECONDS / BATCHES;
        List<Span> batches =
                IntStream.range(0, BATCHES)
                        .mapToObj(b -> new Span(b * batch, b * batch + batch / 2, 0, b))
                        .toList();
        List<Span> items =
                IntStream.range(0, BATCHES * 64)
                        .mapToObj(i -> new Span(i * batch / 64, i * batch / 64 + 0.02, 0, i / 64))
                        .toList();
        List<Level> limit = List.of(new Level(0, 32));
        List<Level> cpu = List.of(new Level(0, 0.5));
        return new Timeline(
                items, items, batches, batches, batches, batches, batches, limit, cpu, cpu,
                SECONDS);
    }
}
