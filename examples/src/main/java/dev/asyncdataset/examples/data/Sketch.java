package dev.asyncdataset.examples.data;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.SplittableRandom;

/**
 * A sketch of one class: the class's object ({@link ClassLook}) drawn as an outline in its hue on a
 * plain light ground, 320 px square, with a few grey scribbles, so the same classes look unlike
 * {@link SyntheticPhoto}'s pictures (no texture, no grain, smaller files).
 */
final class Sketch {

    private static final int SIDE = 320;
    private static final float QUALITY = 0.9f;

    private Sketch() {}

    /**
     * Draws and encodes the sketch of {@code seed} for class {@code classIndex}.
     *
     * @param seed the sketch's seed
     * @param classIndex the class, from 0
     * @return the JPEG bytes
     * @throws IOException if the encoder fails
     */
    static byte[] jpeg(long seed, int classIndex) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        BufferedImage image = new BufferedImage(SIDE, SIDE, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            int ground = random.nextInt(225, 250);
            g.setColor(new Color(ground, ground, ground - random.nextInt(0, 15)));
            g.fillRect(0, 0, SIDE, SIDE);
            g.setColor(new Color(120, 120, 120));
            g.setStroke(new BasicStroke(1.5f));
            for (int i = 0; i < 4; i++) {
                g.drawLine(
                        random.nextInt(SIDE),
                        random.nextInt(SIDE),
                        random.nextInt(SIDE),
                        random.nextInt(SIDE));
            }
            ClassLook look = ClassLook.of(classIndex);
            double size = SIDE * random.nextDouble(0.35, 0.7);
            g.setColor(look.color(random, 255));
            g.setStroke(new BasicStroke((float) random.nextDouble(3, 8)));
            g.draw(
                    look.object(
                            random.nextDouble(size / 2, SIDE - size / 2),
                            random.nextDouble(size / 2, SIDE - size / 2),
                            size,
                            random.nextDouble(2 * Math.PI)));
        } finally {
            g.dispose();
        }
        return Jpeg.encode(image, QUALITY);
    }
}
