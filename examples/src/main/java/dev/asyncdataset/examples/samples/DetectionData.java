package dev.asyncdataset.examples.samples;

import dev.asyncdataset.examples.data.Jpeg;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Generates a detection set, WebDataset style: sample {@code 000001} is {@code 000001.jpg} (a
 * {@value #SIZE}x{@value #SIZE} picture of 1 to 3 filled rectangles on a grey background, red ones
 * of class 0, blue ones of class 1) and {@code 000001.json}, {@code {"boxes": [[class, xmin, ymin,
 * xmax, ymax], ...]}} with corners relative to the picture's size, one row per rectangle.
 */
public final class DetectionData {

    /** The pictures' width and height in pixels. */
    public static final int SIZE = 64;

    /** How many classes of object there are. */
    public static final int CLASSES = 2;

    private static final Color[] COLORS = {new Color(210, 40, 40), new Color(40, 60, 210)};

    private DetectionData() {}

    /**
     * Writes {@code count} samples into {@code root}.
     *
     * @param root the folder, created if needed
     * @param count how many samples
     * @param seed the seed of the rectangles
     * @throws IOException if a file cannot be written
     */
    public static void write(Path root, int count, long seed) throws IOException {
        Files.createDirectories(root);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            BufferedImage image = new BufferedImage(SIZE, SIZE, BufferedImage.TYPE_3BYTE_BGR);
            Graphics2D g = image.createGraphics();
            g.setColor(Color.GRAY);
            g.fillRect(0, 0, SIZE, SIZE);
            StringBuilder boxes = new StringBuilder();
            int objects = random.nextInt(1, 4);
            for (int box = 0; box < objects; box++) {
                boxes.append(box == 0 ? "" : ", ").append(paintBox(g, random));
            }
            g.dispose();
            String key = String.format("%06d", i);
            Files.write(root.resolve(key + ".jpg"), Jpeg.encode(image, 0.9f));
            String json = "{\"boxes\": [" + boxes + "]}";
            Files.write(root.resolve(key + ".json"), json.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Paints one rectangle of a random class and returns its label row as JSON. */
    private static String paintBox(Graphics2D g, SplittableRandom random) {
        int type = random.nextInt(CLASSES);
        int width = random.nextInt(SIZE / 5, SIZE / 2);
        int height = random.nextInt(SIZE / 5, SIZE / 2);
        int x = random.nextInt(SIZE - width);
        int y = random.nextInt(SIZE - height);
        g.setColor(COLORS[type]);
        g.fillRect(x, y, width, height);
        float scale = SIZE;
        return String.format(
                Locale.ROOT,
                "[%d, %.4f, %.4f, %.4f, %.4f]",
                type,
                x / scale,
                y / scale,
                (x + width) / scale,
                (y + height) / scale);
    }
}
