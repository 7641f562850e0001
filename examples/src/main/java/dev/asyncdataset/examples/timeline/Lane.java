package dev.asyncdataset.examples.timeline;

/**
 * One lane of the picture: its id in the SVG ({@code lane-<id>}), the name and unit written beside
 * it, and its color.
 */
record Lane(String id, String name, String unit, String color) {

    /** The same lane with {@code how} it is drawn added to its unit. */
    Lane per(String how) {
        return new Lane(id, name, unit + ", " + how, color);
    }
}
