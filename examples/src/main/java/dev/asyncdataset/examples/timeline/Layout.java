package dev.asyncdataset.examples.timeline;

/** Where things go in the picture: the header, the lanes one under another, the axis, the notes. */
record Layout(int lanes) {

    /** The picture's width. */
    static final int WIDTH = 1400;

    /** Where the plot begins: lane names are written left of it. */
    static final int LEFT = 250;

    /** The plot's width; lane scales are written right of it. */
    static final int PLOT = WIDTH - LEFT - 80;

    /** A lane's height. */
    static final int LANE = 46;

    /** Time bins across the plot: about two pixels each. */
    static final int BINS = PLOT / 2;

    /** The color of names and numbers. */
    static final String INK = "#333333";

    /** The color of units and notes. */
    static final String FAINT = "#6b6b6b";

    private static final int TOP = 86;
    private static final int GAP = 20;

    /** The bottom of lane {@code index}, from 0 at the top. */
    double bottom(int index) {
        return TOP + index * (LANE + GAP) + LANE;
    }

    /** The top of the first lane. */
    double plotTop() {
        return TOP;
    }

    /** The bottom of the last lane. */
    double plotBottom() {
        return bottom(lanes - 1);
    }

    /** The picture's height: the lanes, the axis under them and two lines of notes. */
    int height() {
        return (int) plotBottom() + 100;
    }
}
