package dev.asyncdataset.testing;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import javax.imageio.ImageIO;

/** Generates real, textured JPEGs at test time, so no binary fixture lives in git. */
public final class TestImages {

    private TestImages() {}

    /** A JPEG of {@code width x height} with seeded texture: gradients, stripes and noise. */
    public static byte[] jpeg(int width, int height, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int fx = 1 + random.nextInt(12);
        int fy = 1 + random.nextInt(12);
        int tint = random.nextInt(0x1000000);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int r = (x * 255 / width + random.nextInt(64)) & 0xff;
                int g = (y * 255 / height + ((x * fx + y * fy) % 32) * 4) & 0xff;
                int b = ((tint & 0xff) + random.nextInt(48) + ((x / fx + y / fy) % 2) * 80) & 0xff;
                image.setRGB(x, y, (r << 16) | (g << 8) | b);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "jpg", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * Generates {@code perClass} JPEGs for each of {@code classes} classes named {@code class0,
     * class1, ...}: returns relative keys {@code classN/imgM.jpg} to bytes, in order.
     */
    public static Map<String, byte[]> classFolders(
            int classes, int perClass, int width, int height) {
        Map<String, byte[]> images = new LinkedHashMap<>();
        for (int c = 0; c < classes; c++) {
            for (int i = 0; i < perClass; i++) {
                images.put(
                        "class" + c + "/img" + i + ".jpg", jpeg(width, height, c * 100_003L + i));
            }
        }
        return images;
    }

    /** Writes {@code images} (relative key to bytes) under {@code root}. */
    public static void write(Path root, Map<String, byte[]> images) throws IOException {
        for (Map.Entry<String, byte[]> image : images.entrySet()) {
            Path file = root.resolve(image.getKey());
            Files.createDirectories(file.getParent());
            Files.write(file, image.getValue());
        }
    }
}
