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
            new Lane("cpu", "CPU load", "this JVM (area), machine (line)", "#bab0ac");
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
        Legend legend = new Legend(picture.svg, picture.layout);
        legend.header(title, timeline);
        picture.lanes();
        new TimeAxis(picture.svg, picture.painter, picture.layout).draw(timeline, axisEnd);
        legend.footer(picture.bins, timeline, MAX_MARKS);
        return picture.svg.finish();
    }

    private void lanes() {
        fetchLane();
        double[] decoding = busy(timeline.decodes());
        area(1, DECODE, decoding, top(max(decoding)), null);
        svg.close();
        double[] collating = busy(timeline.collates());
        area(2, COLLATE, collating, top(max(collating)), null);
        svg.close();
        inFlightLane();
        marks(4, STAGE, timeline.stages());
        marks(5, WAIT, timeline.waits());
        marks(6, STEP, timeline.steps());
        cpuLane();
    }

    /** Items in flight as an area, the fetch limit as a dashed line on the same scale. */
    private void fetchLane() {
        double[] fetching = busy(timeline.fetches());
        double[] limit = highest(timeline.fetchLimit());
        double top = top(Math.max(max(fetching), max(limit)));
        area(0, FETCH, fetching, top, null);
        painter.line(limit, layout.bottom(0), Layout.LANE, top, "#1d3557", "5,3");
        svg.close();
    }

    private void inFlightLane() {
        double[] held = busy(timeline.batchesInFlight());
        boolean planned = max(held) > 0;
        new LaneFrame(svg, layout).open(3, IN_FLIGHT, planned ? count(top(max(held))) : null);
        if (planned) {
            painter.line(
                    held, layout.bottom(3), Layout.LANE, top(max(held)), IN_FLIGHT.color(), "");
        }
        svg.close();
    }

    /** This JVM's share of the machine's CPU as an area, the machine's as a dotted line. */
    private void cpuLane() {
        area(7, CPU, highest(timeline.jvmCpu()), 1, "100 %");
        double[] machine = highest(timeline.machineCpu());
        painter.line(machine, layout.bottom(7), Layout.LANE, 1, "#555555", "2,2");
        svg.close();
    }

    /**
     * Opens lane {@code index} and draws {@code values} as an area, {@code top} at its top, which
     * the scale calls {@code label} (null: the number).
     */
    private void area(int index, Lane lane, double[] values, double top, String label) {
        boolean any = max(values) > 0;
        new LaneFrame(svg, layout)
                .open(index, lane, any ? label != null ? label : count(top) : null);
        if (any) {
            painter.area(values, layout.bottom(index), Layout.LANE, top, lane.color());
        }
    }

    private void marks(int index, Lane lane, List<Span> spans) {
        if (spans.size() > MAX_MARKS) {
            area(index, lane.per("share of time"), busy(spans), 1, "100 %");
        } else {
            new LaneFrame(svg, layout).open(index, lane, spans.isEmpty() ? null : "");
            painter.marks(spans, layout.bottom(index), Layout.LANE, lane.color(), lane.name());
        }
        svg.close();
    }

    /** The average of {@code spans} running in each bin, up to the end of the timeline. */
    private double[] busy(List<Span> spans) {
        return bins.until(bins.busy(spans), timeline.end());
    }

    /** The highest of {@code levels} in each bin, up to the end of the timeline. */
    private double[] highest(List<Level> levels) {
        return bins.until(bins.highest(levels), timeline.end());
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
