package dev.asyncdataset.examples.data;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Paints and JPEG-encodes one ImageNet-like picture of a class: about 469x387 pixels (a few percent
 * either way), a gradient background of random muted colours, translucent shapes of random muted
 * colours, the class's object ({@link ClassLook}: its shape in its hue family) large at a random
 * place, size and angle with smaller copies of it about, and grain at two scales, so it compresses
 * like a photo (about 110 KB at quality 0.94), not like flat colour. The same seed and class give
 * the same bytes.
 */
final class SyntheticPhoto {

    private static final float QUALITY = 0.94f;
    private static final int FINE_GRAIN = 28;
    private static final int BLOTCH = 8;

    private SyntheticPhoto() {}

    /**
     * Paints and encodes the picture of {@code seed} for class {@code classIndex}.
     *
     * @param seed the picture's seed
     * @param classIndex the class, from 0
     * @return the JPEG bytes
     * @throws IOException if the encoder fails
     */
    static byte[] jpeg(long seed, int classIndex) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        int width = 469 + random.nextInt(-24, 25);
        int height = 387 + random.nextInt(-20, 21);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = image.createGraphics();
        try {
            paintBackground(g, random, width, height);
            paintShapes(g, random, width, height);
            paintObjects(g, random, ClassLook.of(classIndex), width, height);
        } finally {
            g.dispose();
        }
        addGrain(((DataBufferByte) image.getRaster().getDataBuffer()).getData(), width, random);
        return Jpeg.encode(image, QUALITY);
    }

    private static void paintBackground(Graphics2D g, SplittableRandom r, int w, int h) {
        g.setPaint(new GradientPaint(0, 0, color(r, 255), w, h, color(r, 255)));
        g.fillRect(0, 0, w, h);
    }

    private static void paintShapes(Graphics2D g, SplittableRandom r, int w, int h) {
        int shapes = r.nextInt(4, 9);
        for (int i = 0; i < shapes; i++) {
            int x = r.nextInt(-w / 4, w);
            int y = r.nextInt(-h / 4, h);
            int sw = r.nextInt(w / 10, w / 2);
            int sh = r.nextInt(h / 10, h / 2);
            g.setPaint(new GradientPaint(x, y, color(r, 200), x + sw, y + sh, color(r, 200)));
            if (r.nextBoolean()) {
                g.fillOval(x, y, sw, sh);
            } else {
                g.fillRect(x, y, sw, sh);
            }
        }
    }

    /** The class's object, 50 to 85 % of the shorter side, and 4 to 8 copies of a fifth of that. */
    private static void paintObjects(
            Graphics2D g, SplittableRandom r, ClassLook look, int w, int h) {
        int side = Math.min(w, h);
        double size = side * r.nextDouble(0.5, 0.85);
        paintObject(
                g,
                r,
                look,
                r.nextDouble(size / 3, w - size / 3),
                r.nextDouble(size / 3, h - size / 3),
                size);
        int copies = r.nextInt(4, 9);
        for (int i = 0; i < copies; i++) {
            paintObject(
                    g, r, look, r.nextDouble(w), r.nextDouble(h), size * r.nextDouble(0.15, 0.3));
        }
    }

    private static void paintObject(
            Graphics2D g, SplittableRandom r, ClassLook look, double x, double y, double size) {
        Shape object = look.object(x, y, size, r.nextDouble(2 * Math.PI));
        Rectangle2D box = object.getBounds2D();
        g.setPaint(
                new GradientPaint(
                        (float) box.getMinX(),
                        (float) box.getMinY(),
                        look.color(r, 255),
                        (float) box.getMaxX(),
                        (float) box.getMaxY(),
                        look.color(r, 255)));
        g.fill(object);
    }

    /** Adds pixel grain plus 4x4 blotches: detail at the scales a JPEG encoder must keep. */
    private static void addGrain(byte[] bgr, int width, SplittableRandom r) {
        int rowBytes = width * 3;
        int[] blotches = new int[(width / 4 + 1) * 3];
        for (int i = 0; i < bgr.length; i++) {
            int column = (i % rowBytes) / 3;
            if (i % rowBytes == 0 && (i / rowBytes) % 4 == 0) {
                fill(blotches, r);
            }
            int blotch = blotches[(column / 4) * 3 + i % 3];
            int value = (bgr[i] & 0xFF) + blotch + r.nextInt(-FINE_GRAIN, FINE_GRAIN + 1);
            bgr[i] = (byte) Math.clamp(value, 0, 255);
        }
    }

    private static void fill(int[] blotches, SplittableRandom r) {
        for (int i = 0; i < blotches.length; i++) {
            blotches[i] = r.nextInt(-BLOTCH, BLOTCH + 1);
        }
    }

    /** A muted colour of any hue (saturation at most 0.35), for backgrounds and distractors. */
    private static Color color(SplittableRandom r, int alpha) {
        int rgb =
                Color.HSBtoRGB(
                        (float) r.nextDouble(),
                        (float) r.nextDouble(0.35),
                        (float) r.nextDouble(0.2, 1.0));
        return new Color((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF, alpha);
    }
}
