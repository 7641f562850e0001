package dev.asyncdataset.examples.timeline;

import java.util.List;

/**
 * Draws a {@link Timeline} as an SVG picture in the style of the ConcurrentDataloader report: one
 * lane per activity over wall time, the loader's stages above the trainer's. Item lanes show how
 * many items were being worked on, averaged over time bins; batch lanes show one mark per batch, or
 * the share of each bin when there are more than {@value #MAX_MARKS} batches.
 */
public final class TimelineSvg {

    /** The most marks a batch lane draws one by one. */
    public static final int MAX_MARKS = 500;

    private static final Lane FETCH = new Lane("fetch", "Fetch", "items in flight", "#4c78a8");
    private static final Lane DECODE = new Lane("decode", "Decode", "busy threads", "#f58518");
    private static final Lane COLLATE = new Lane("collate", "Collate", "busy threads", "#b279a2");
    private static final Lane IN_FLIGHT =
            new Lane("in-flight", "Batches in flight", "planned, not yet staged", "#2a9d8f");
    private static final Lane STAGE =
            new Lane("stage", "Staging", "batches put on the device", "#2a9d8f");
    private static final Lane WAIT =
            new Lane("wait", "Trainer: get batch", "waiting for data", "#e45756");
    private static final Lane STEP =
            new Lane("step", "Trainer: train step", "computing", "#54a24b");
    private static final Lane CPU =
            new Lane("cpu", "CPU load", "this JVM; line: machine", "#bab0ac");
    private static final int LANES = 8;

    private final Timeline timeline;
    private final TimeBins bins;
    private final Layout layout;
    private final Svg svg;
    private final LanePainter painter;

    private TimelineSvg(Timeline timeline, double axisEnd) {
        this.timeline = timeline;
        this.bins = new TimeBins(Math.max(axisEnd, 1e-3), Layout.BINS);
        this.layout = new Layout(LANES);
        this.svg = new Svg(Layout.WIDTH, layout.height());
        this.painter = new LanePainter(svg, bins, Layout.LEFT, Layout.PLOT);
    }

    /**
     * Draws {@code timeline} over its own length.
     *
     * @param timeline the recording's lanes
     * @param title the picture's title
     * @return the SVG document
     */
    public static String render(Timeline timeline, String title) {
        return render(timeline, title, timeline.end());
    }

    /**
     * Draws {@code timeline} on an axis of {@code axisEnd} seconds, so that pictures of runs of
     * different lengths share one scale.
     *
     * @param timeline the recording's lanes
     * @param title the picture's title
     * @param axisEnd where the time axis ends, at least the timeline's end
     * @return the SVG document
     */
    public static String render(Timeline timeline, String title, double axisEnd) {
        TimelineSvg picture = new TimelineSvg(timeline, axisEnd);
        new Legend(picture.svg, picture.layout).header(title, timeline);
        picture.lanes();
        new TimeAxis(picture.svg, picture.painter, picture.layout).draw(timeline, axisEnd);
        new Legend(picture.svg, picture.layout).footer(picture.bins, timeline, MAX_MARKS);
        return picture.svg.finish();
    }

    private void lanes() {
        double[] fetching = bins.busy(timeline.fetches());
        double[] limit = bins.highest(timeline.fetchLimit());
        double fetchTop = top(Math.max(max(fetching), max(limit)));
        area(0, FETCH, fetching, fetchTop);
        painter.line(limit, layout.bottom(0), Layout.LANE, fetchTop, "#1d3557", "5,3");
        svg.close();
        area(1, DECODE, bins.busy(timeline.decodes()), 0);
        svg.close();
        area(2, COLLATE, bins.busy(timeline.collates()), 0);
        svg.close();
        double[] held = bins.busy(timeline.batchesInFlight());
        boolean planned = max(held) > 0;
        new LaneFrame(svg, layout).open(3, IN_FLIGHT, planned ? count(top(max(held))) : null);
        if (planned) {
            painter.line(
                    held, layout.bottom(3), Layout.LANE, top(max(held)), IN_FLIGHT.color(), "");
        }
        svg.close();
        marks(4, STAGE, timeline.stages());
        marks(5, WAIT, timeline.waits());
        marks(6, STEP, timeline.steps());
        area(7, CPU, bins.highest(timeline.jvmCpu()), 1);
        painter.line(
                bins.highest(timeline.machineCpu()),
                layout.bottom(7),
                Layout.LANE,
                1,
                "#555555",
                "2,2");
        svg.close();
    }

    /** Opens lane {@code index} and draws {@code values} as an area, {@code top} (0: their top). */
    private void area(int index, Lane lane, double[] values, double top) {
        double scale = top > 0 ? top : top(max(values));
        String label = max(values) <= 0 ? null : top == 1 ? "100 %" : count(scale);
        new LaneFrame(svg, layout).open(index, lane, label);
        if (label != null) {
            painter.area(values, layout.bottom(index), Layout.LANE, scale, lane.color());
        }
    }

    private void marks(int index, Lane lane, List<Span> spans) {
        if (spans.size() > MAX_MARKS) {
            area(index, lane.per("share of time"), bins.busy(spans), 1);
        } else {
            new LaneFrame(svg, layout).open(index, lane, spans.isEmpty() ? null : "");
            painter.marks(spans, layout.bottom(index), Layout.LANE, lane.color(), lane.name());
        }
        svg.close();
    }

    private static double top(double max) {
        return Math.max(1, Math.ceil(max));
    }

    private static String count(double value) {
        return Svg.format("%.0f", value);
    }

    private static double max(double[] values) {
        double max = 0;
        for (double value : values) {
            max = Double.isNaN(value) ? max : Math.max(max, value);
        }
        return max;
    }
}
