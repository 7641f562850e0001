package dev.asyncdataset.examples.data;

import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Area;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.SplittableRandom;

/**
 * What the pictures of one class have in common, so that a model can learn the class from them: an
 * object shape (one of eight outlines) and a hue family, both fixed by the class index alone (hues
 * spread by the golden ratio, so neighbouring classes differ most). Every picture draws its own
 * position, size, rotation, shade and background around them.
 *
 * @param kind the object shape, 0 to {@value #KINDS} - 1
 * @param hue the centre of the class's hue family, in turns (0 to 1)
 */
record ClassLook(int kind, float hue) {

    /** The number of object shapes. */
    static final int KINDS = 8;

    private static final double GOLDEN = 0.6180339887498949;
    private static final float HUE_SPREAD = 0.02f;

    /** Returns the look of class {@code classIndex}. */
    static ClassLook of(int classIndex) {
        return new ClassLook(classIndex % KINDS, (float) ((classIndex * GOLDEN) % 1.0));
    }

    /** A colour of the class's hue family with a random shade, alpha {@code alpha}. */
    Color color(SplittableRandom r, int alpha) {
        float h = hue + (float) r.nextDouble(-HUE_SPREAD, HUE_SPREAD);
        float s = (float) r.nextDouble(0.6, 1.0);
        float b = (float) r.nextDouble(0.5, 1.0);
        int rgb = Color.HSBtoRGB(h, s, b);
        return new Color((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, alpha);
    }

    /** The class's object, centred at (x, y), {@code size} across, turned by {@code angle}. */
    Shape object(double x, double y, double size, double angle) {
        AffineTransform place = new AffineTransform();
        place.translate(x, y);
        place.rotate(angle);
        place.scale(size / 2, size / 2);
        return place.createTransformedShape(unit(kind));
    }

    /** Shape {@code kind} inside the square from -1 to 1. */
    static Shape unit(int kind) {
        return switch (kind) {
            case 0 -> new Ellipse2D.Double(-1, -0.6, 2, 1.2);
            case 1 -> new Rectangle2D.Double(-1, -0.5, 2, 1);
            case 2 -> polygon(3, 1);
            case 3 -> polygon(4, 1);
            case 4 -> polygon(10, 1, 0.4);
            case 5 -> ring();
            case 6 -> cross();
            default -> polygon(6, 1);
        };
    }

    /** A closed outline of {@code points} corners, their distances from the centre cycling. */
    private static Path2D polygon(int points, double... radii) {
        Path2D path = new Path2D.Double();
        for (int i = 0; i < points; i++) {
            double a = 2 * Math.PI * i / points - Math.PI / 2;
            double radius = radii[i % radii.length];
            if (i == 0) {
                path.moveTo(radius * Math.cos(a), radius * Math.sin(a));
            } else {
                path.lineTo(radius * Math.cos(a), radius * Math.sin(a));
            }
        }
        path.closePath();
        return path;
    }

    private static Area ring() {
        Area ring = new Area(new Ellipse2D.Double(-1, -1, 2, 2));
        ring.subtract(new Area(new Ellipse2D.Double(-0.55, -0.55, 1.1, 1.1)));
        return ring;
    }

    private static Area cross() {
        Area cross = new Area(new Rectangle2D.Double(-1, -0.3, 2, 0.6));
        cross.add(new Area(new Rectangle2D.Double(-0.3, -1, 0.6, 2)));
        return cross;
    }
}
