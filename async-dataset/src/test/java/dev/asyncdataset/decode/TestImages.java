package dev.asyncdataset.decode;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/** Encodes small test images in the colour models a decoder must cope with. */
final class TestImages {

    private TestImages() {}

    /** An image whose left half is {@code left} and right half {@code right}. */
    static BufferedImage halves(int type, int width, int height, Color left, Color right) {
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
    static BufferedImage palette(int width, int height, Color left, Color right) {
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
    static byte[] cmykJpeg(int width, int height, int[] invertedCmyk) {
        WritableRaster raster =
                Raster.createInterleavedRaster(DataBuffer.TYPE_BYTE, width, height, 4, null);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                raster.setPixel(x, y, invertedCmyk);
            }
        }
        return jpeg(new IIOImage(raster, null, null));
    }

    static byte[] jpeg(BufferedImage image) {
        return jpeg(new IIOImage(image, null, null));
    }

    static byte[] png(BufferedImage image) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
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
