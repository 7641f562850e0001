package dev.asyncdataset.decode;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.stream.ImageOutputStream;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Photo-like JPEGs made at test time: a gradient, translucent shapes and grain, encoded by
 * ImageIO's libjpeg at quality 0.9 with 4:2:0 chroma subsampling (its default) or 4:4:4.
 */
final class PhotoJpegs {

    private PhotoJpegs() {}

    /** Paints the picture of {@code seed} at (width, height) and encodes it. */
    static byte[] jpeg(int width, int height, long seed, boolean subsampled) {
        try {
            return encode(paint(width, height, seed), subsampled, param -> {});
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Re-encodes {@code jpeg} as a progressive JPEG. */
    static byte[] progressive(byte[] jpeg) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(jpeg));
            return encode(
                    image, true, param -> param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static BufferedImage paint(int width, int height, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = image.createGraphics();
        g.setPaint(new GradientPaint(0, 0, color(random, 255), width, height, color(random, 255)));
        g.fillRect(0, 0, width, height);
        for (int i = 0; i < 12; i++) {
            g.setColor(color(random, 140));
            int w = random.nextInt(1, width / 2 + 2);
            int h = random.nextInt(1, height / 2 + 2);
            g.fillOval(random.nextInt(width), random.nextInt(height), w, h);
        }
        g.dispose();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                int grain = random.nextInt(-12, 13);
                int rgb = image.getRGB(x, y);
                image.setRGB(
                        x, y, shift(rgb, 16, grain) | shift(rgb, 8, grain) | shift(rgb, 0, grain));
            }
        }
        return image;
    }

    private static Color color(SplittableRandom random, int alpha) {
        return new Color(random.nextInt(256), random.nextInt(256), random.nextInt(256), alpha);
    }

    private static int shift(int rgb, int at, int by) {
        return Math.clamp(((rgb >> at) & 0xFF) + by, 0, 255) << at;
    }

    /**
     * Encodes at quality 0.9, 4:2:0 unless {@code subsampled} is false. Before writing, {@code
     * setUp} may change the parameters and metadata.
     */
    private static byte[] encode(BufferedImage image, boolean subsampled, Options setUp)
            throws IOException {
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
        param.setCompressionQuality(0.9f);
        IIOMetadata metadata = writer.getDefaultImageMetadata(new ImageTypeSpecifier(image), param);
        if (!subsampled) {
            fullChroma(metadata);
        }
        setUp.apply(param);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            writer.write(null, new IIOImage(image, null, metadata), param);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    /** A change to the writer's parameters. */
    private interface Options {
        void apply(ImageWriteParam param);
    }

    /** Sets every component's sampling factors to 1 x 1 (4:4:4). */
    private static void fullChroma(IIOMetadata metadata) throws IOException {
        String format = "javax_imageio_jpeg_image_1.0";
        Element tree = (Element) metadata.getAsTree(format);
        NodeList components = tree.getElementsByTagName("componentSpec");
        for (int i = 0; i < components.getLength(); i++) {
            Element component = (Element) components.item(i);
            component.setAttribute("HsamplingFactor", "1");
            component.setAttribute("VsamplingFactor", "1");
        }
        metadata.setFromTree(format, tree);
    }
}
