package dev.asyncdataset.examples.timeline;

import java.util.List;

/**
 * Draws a lane's content between two heights of the picture: a step area or a step line over the
 * time bins, or one mark per span.
 */
final class LanePainter {

    private final Svg svg;
    private final TimeBins bins;
    private final double left;
    private final double width;

    LanePainter(Svg svg, TimeBins bins, double left, double width) {
        this.svg = svg;
        this.bins = bins;
        this.left = left;
        this.width = width;
    }

    /** The horizontal position of a time. */
    double x(double seconds) {
        return left + width * seconds / bins.end();
    }

    /**
     * A step area of one value per bin, from {@code bottom} up to {@code height} at {@code max},
     * from the first bin that holds a value (the others hold {@code NaN}: the series had not
     * begun).
     */
    void area(double[] values, double bottom, double height, double max, String color) {
        int first = first(values);
        if (first < values.length) {
            double x = x(first * bins.width());
            StringBuilder d = new StringBuilder(Svg.format("M%.1f,%.1f", x, bottom));
            steps(values, first, bottom, height, max, d);
            d.append(Svg.format("L%.1f,%.1fZ", x(values.length * bins.width()), bottom));
            svg.path(d.toString(), color, "none", "");
        }
    }

    /** A step line of one value per bin, from the first bin that holds a value. */
    void line(
            double[] values, double bottom, double height, double max, String color, String dash) {
        int first = first(values);
        if (first < values.length) {
            double y = bottom - height * Math.min(1, values[first] / max);
            double x = x(first * bins.width());
            StringBuilder d = new StringBuilder(Svg.format("M%.1f,%.1f", x, y));
            steps(values, first, bottom, height, max, d);
            svg.path(d.toString(), "none", color, dash);
        }
    }

    /** One mark per span, its tooltip naming its batch, if it has one, and its length. */
    void marks(List<Span> spans, double bottom, double height, String color, String what) {
        for (Span span : spans) {
            double x = x(span.start());
            svg.rect(
                    x,
                    bottom - height,
                    Math.max(0.6, x(span.end()) - x),
                    height,
                    color,
                    Svg.format(
                            "%s, epoch %d%s: %.1f ms at %.2f s",
                            what,
                            span.epoch(),
                            span.batch() < 0 ? "" : ", batch " + span.batch(),
                            span.seconds() * 1e3,
                            span.start()));
        }
    }

    /** The first bin that holds a value, or {@code values.length}. */
    private static int first(double[] values) {
        int first = 0;
        while (first < values.length && Double.isNaN(values[first])) {
            first++;
        }
        return first;
    }

    /** Appends the steps of {@code values} from bin {@code from} on to the path {@code d}. */
    private void steps(
            double[] values, int from, double bottom, double height, double max, StringBuilder d) {
        double previous = Double.NaN;
        for (int i = from; i < values.length; i++) {
            double y = bottom - height * Math.min(1, values[i] / max);
            if (y != previous) {
                double x = x(i * bins.width());
                double before = Double.isNaN(previous) ? y : previous;
                d.append(Svg.format("L%.1f,%.1fL%.1f,%.1f", x, before, x, y));
                previous = y;
            }
        }
        d.append(Svg.format("L%.1f,%.1f", x(values.length * bins.width()), previous));
    }
}
