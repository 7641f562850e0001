package dev.asyncdataset.examples.timeline;

import java.util.Map;
import java.util.TreeMap;

/**
 * The time axis under the lanes, in seconds since the first loader or trainer event, with a
 * gridline across the lanes at every tick and a dashed line where each epoch began, and where the
 * run ended if the axis goes on (pictures of several runs on one scale).
 */
final class TimeAxis {

    private static final double[] STEPS = {
        0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300
    };
    private static final int MOST_TICKS = 14;

    private final Svg svg;
    private final LanePainter painter;
    private final Layout layout;

    TimeAxis(Svg svg, LanePainter painter, Layout layout) {
        this.svg = svg;
        this.painter = painter;
        this.layout = layout;
    }

    /** Draws the ticks and gridlines to {@code end} seconds, then where the epochs began. */
    void draw(Timeline timeline, double end) {
        double step = step(end);
        double top = layout.plotTop();
        double bottom = layout.plotBottom();
        for (double t = 0; t <= end + 1e-9; t += step) {
            double x = painter.x(t);
            svg.line(x, top, x, bottom, "#ffffff", 1, "");
            svg.line(x, bottom, x, bottom + 5, Layout.INK, 1, "");
            svg.text(
                    x,
                    bottom + 19,
                    Svg.format(step < 1 ? "%.2f s" : "%.0f s", t),
                    11,
                    Layout.INK,
                    "middle");
        }
        svg.text(
                painter.x(end / 2),
                bottom + 38,
                "wall time since the first batch was asked for",
                12,
                Layout.INK,
                "middle");
        epochStarts(timeline)
                .forEach((epoch, start) -> marker("epoch " + epoch, start, top, bottom));
        if (timeline.end() < end * 0.99) {
            marker("run ended", timeline.end(), top, bottom);
        }
    }

    /** A dashed line across the lanes at {@code time}, {@code label} above it. */
    private void marker(String label, double time, double top, double bottom) {
        double x = painter.x(time);
        svg.line(x, top - 4, x, bottom, Layout.INK, 1, "3,3");
        svg.text(x + 4, top - 6, label, 11, Layout.INK, "start");
    }

    /** When the trainer first asked for a batch of each epoch, as the recording numbers them. */
    private static Map<Long, Double> epochStarts(Timeline timeline) {
        Map<Long, Double> starts = new TreeMap<>();
        for (Span wait : timeline.waits()) {
            starts.merge(wait.epoch(), wait.start(), Math::min);
        }
        return starts;
    }

    private static double step(double end) {
        for (double step : STEPS) {
            if (end / step <= MOST_TICKS) {
                return step;
            }
        }
        return STEPS[STEPS.length - 1] * Math.ceil(end / STEPS[STEPS.length - 1] / MOST_TICKS);
    }
}
