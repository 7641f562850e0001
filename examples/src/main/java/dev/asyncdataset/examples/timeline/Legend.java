package dev.asyncdataset.examples.timeline;

/** The picture's words: its title and summary above the lanes, how to read it below them. */
final class Legend {

    private final Svg svg;
    private final Layout layout;

    Legend(Svg svg, Layout layout) {
        this.svg = svg;
        this.layout = layout;
    }

    /** The title and a one-line summary of the trainer's time. */
    void header(String title, Timeline timeline) {
        svg.text(20, 30, title, 20, Layout.INK, "start");
        svg.text(
                20,
                54,
                Svg.format(
                        "%d batches in %.1f s: the trainer spent %.0f %% of its loop getting"
                                + " batches (red) and %.0f %% in its training step (green)",
                        timeline.steps().size(),
                        timeline.end(),
                        100 * timeline.waitShare(),
                        100 - 100 * timeline.waitShare()),
                13,
                Layout.FAINT,
                "start");
    }

    /** How to read the lanes; says so when batch lanes are aggregated or loader lanes are empty. */
    void footer(TimeBins bins, Timeline timeline, int maxMarks) {
        double y = layout.plotBottom() + 62;
        boolean dense = timeline.steps().size() > maxMarks;
        String batches =
                dense
                        ? Svg.format(
                                "Staging and trainer: %d batches, too many to mark one by one, so"
                                        + " the share of each bin they took.",
                                timeline.steps().size())
                        : "Staging and trainer: one mark per batch (hover for its number).";
        svg.text(
                Layout.LEFT,
                y,
                Svg.format(
                        "Areas: average over time bins of %s. Fetch: the dashed line is the fetch"
                                + " limit (reads allowed at once). %s",
                        duration(bins.width()), batches),
                12,
                Layout.FAINT,
                "start");
        if (timeline.fetches().isEmpty()) {
            svg.text(
                    Layout.LEFT,
                    y + 18,
                    "This loader emits no loader events (ConcurrentDataset does): only the"
                            + " trainer's lanes and the CPU load have data.",
                    12,
                    Layout.FAINT,
                    "start");
        }
    }

    private static String duration(double seconds) {
        return seconds >= 1 ? Svg.format("%.1f s", seconds) : Svg.format("%.1f ms", seconds * 1e3);
    }
}
