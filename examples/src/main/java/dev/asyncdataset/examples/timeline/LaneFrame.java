package dev.asyncdataset.examples.timeline;

/** Opens a lane's group in the picture and draws its background, name, unit and scale. */
final class LaneFrame {

    private final Svg svg;
    private final Layout layout;

    LaneFrame(Svg svg, Layout layout) {
        this.svg = svg;
        this.layout = layout;
    }

    /**
     * Opens lane {@code index} as group {@code lane-<id>}; the caller draws in it and closes it.
     * {@code scale} is written at the lane's top right (nothing if empty); if null, the lane says
     * it has no events.
     */
    void open(int index, Lane lane, String scale) {
        svg.open("lane-" + lane.id());
        double bottom = layout.bottom(index);
        double middle = bottom - Layout.LANE / 2.0;
        double right = Layout.LEFT + Layout.PLOT;
        svg.rect(Layout.LEFT, bottom - Layout.LANE, Layout.PLOT, Layout.LANE, "#f2f2f2", null);
        svg.text(Layout.LEFT - 12, middle - 2, lane.name(), 14, Layout.INK, "end");
        svg.text(Layout.LEFT - 12, middle + 14, lane.unit(), 11, Layout.FAINT, "end");
        if (scale == null) {
            svg.text(Layout.LEFT + 10, middle + 4, "no events recorded", 12, Layout.FAINT, "start");
        } else if (!scale.isEmpty()) {
            svg.text(right + 6, bottom - Layout.LANE + 10, scale, 11, Layout.FAINT, "start");
            svg.text(right + 6, bottom, "0", 11, Layout.FAINT, "start");
        }
    }
}
