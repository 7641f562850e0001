package dev.asyncdataset.testing;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.ImageOutputStream;

/**
 * Generates real images at test time, so no binary fixture lives in git: textured JPEGs and class
 * folders of them, and small images in the colour models a decoder must cope with.
 */
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
        return encode(image, "jpg");
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

    /** An image whose left half is {@code left} and right half {@code right}. */
    public static BufferedImage halves(int type, int width, int height, Color left, Color right) {
        BufferedImage image = new BufferedImage(width, height, type);
        Graphics2D g = image.createGraphics();
        g.setColor(left);
        g.fillRect(0, 0, width / 2, height);
        g.setColor(right);
        g.fillRect(width / 2, 0, width - width / 2, height);
        g.dispose();
        return image;
    }

    /** A 2-colour palette image: left half index 0, right half index 1. */
    public static BufferedImage palette(int width, int height, Color left, Color right) {
        byte[] r = {(byte) left.getRed(), (byte) right.getRed()};
        byte[] g = {(byte) left.getGreen(), (byte) right.getGreen()};
        byte[] b = {(byte) left.getBlue(), (byte) right.getBlue()};
        IndexColorModel model = new IndexColorModel(1, 2, r, g, b);
        BufferedImage image =
                new BufferedImage(width, height, BufferedImage.TYPE_BYTE_BINARY, model);
        for (int y = 0; y < height; y++) {
            for (int x = width / 2; x < width; x++) {
                image.getRaster().setSample(x, y, 0, 1);
            }
        }
        return image;
    }

    /** A flat 4-channel JPEG with the stored (Adobe, inverted) CMYK values given. */
    public static byte[] cmykJpeg(int width, int height, int[] invertedCmyk) {
        WritableRaster raster =
                Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, width, height, 4, null);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                raster.setPixel(x, y, invertedCmyk);
            }
        }
        return jpeg(new IIOImage(raster, null, null));
    }

    /** A JPEG of {@code image} at quality 0.95. */
    public static byte[] jpeg(BufferedImage image) {
        return jpeg(new IIOImage(image, null, null));
    }

    /** Returns {height, width} of an encoded image, read from its header. */
    public static int[] size(ByteBuffer encoded) {
        return size(bytes(encoded));
    }

    /**
     * Copies a fetched body's bytes, from its position to its limit, into an array of their own.
     *
     * @param body the body
     * @return its bytes
     */
    public static byte[] bytes(ByteBuffer body) {
        byte[] bytes = new byte[body.remaining()];
        body.get(body.position(), bytes);
        return bytes;
    }

    public static int[] size(byte[] encoded) {
        try (ImageInputStream in =
                ImageIO.createImageInputStream(new ByteArrayInputStream(encoded))) {
            ImageReader reader = ImageIO.getImageReaders(in).next();
            try {
                reader.setInput(in);
                return new int[] {reader.getHeight(0), reader.getWidth(0)};
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A PNG of {@code image}. */
    public static byte[] png(BufferedImage image) {
        return encode(image, "png");
    }

    private static byte[] encode(BufferedImage image, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, format, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static byte[] jpeg(IIOImage image) {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(0.95f);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            writer.write(null, image, param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }
}
