package dev.asyncdataset.decode;

import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.stream.ImageInputStream;

/**
 * Decode with Java's ImageIO, the fallback when OpenCV is absent. Grey is copied as is (the {@code
 * getRGB} route would re-gamma it), palette and alpha go through {@code getRGB} (alpha dropped, as
 * OpenCV does), and 4-channel (CMYK) JPEGs, which ImageIO refuses or converts differently, are read
 * as a raw raster and converted with the Adobe (inverted) convention that OpenCV and PIL use. YCCK
 * JPEGs (Adobe transform 2) are only handled correctly by OpenCV.
 */
final class ImageIoCodec {

    private ImageIoCodec() {}

    /**
     * Decodes any image ImageIO reads into RGB.
     *
     * @param bytes the encoded image, from position 0 ({@link EncodedImages#readable})
     * @param key the item's key, for the message
     * @return the (H, W, 3) uint8 RGB pixels, in the thread's reused buffer
     * @throws BadItemException if ImageIO cannot decode the bytes
     */
    static Pixels decode(ByteBuffer bytes, String key) throws BadItemException {
        try (ImageInputStream in = ImageIO.createImageInputStream(stream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                throw new IOException("no ImageIO reader recognises the bytes");
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in);
                return toPixels(reader);
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            throw new BadItemException(
                    key, "not a decodable image (" + bytes.limit() + " bytes)", e);
        }
    }

    /** A stream over the heap array's bytes where they are, or over a copy of a direct buffer's. */
    private static ByteArrayInputStream stream(ByteBuffer bytes) {
        if (bytes.hasArray()) {
            return new ByteArrayInputStream(bytes.array(), bytes.arrayOffset(), bytes.limit());
        }
        byte[] copy = new byte[bytes.limit()];
        bytes.get(0, copy);
        return new ByteArrayInputStream(copy);
    }

    private static Pixels toPixels(ImageReader reader) throws IOException {
        if (isCmykJpeg(reader)) {
            Raster raster = reader.readRaster(0, null);
            return Uint8Arrays.fill(
                    raster.getHeight(), raster.getWidth(), buffer -> fillFromCmyk(raster, buffer));
        }
        BufferedImage image = reader.read(0);
        return Uint8Arrays.fill(image.getHeight(), image.getWidth(), buffer -> fill(image, buffer));
    }

    /** ImageIO either refuses 4-channel JPEGs or converts them unlike libjpeg, so read raw. */
    private static boolean isCmykJpeg(ImageReader reader) throws IOException {
        if (!"jpeg".equalsIgnoreCase(reader.getFormatName())) {
            return false;
        }
        ImageTypeSpecifier raw = reader.getRawImageType(0);
        return raw == null || raw.getNumBands() == 4;
    }

    /** Writes {@code image}'s pixels to {@code out} as RGB, whatever its colour model. */
    static void fill(BufferedImage image, ByteBuffer out) {
        ColorModel model = image.getColorModel();
        if (image.getType() == BufferedImage.TYPE_3BYTE_BGR) {
            byte[] bgr = ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
            for (int i = 0; i < bgr.length; i += 3) {
                out.put(bgr[i + 2]).put(bgr[i + 1]).put(bgr[i]);
            }
        } else if (model.getNumColorComponents() == 1 && !(model instanceof IndexColorModel)) {
            fillFromGrey(image.getRaster(), model.getComponentSize(0), out);
        } else {
            int[] row = new int[image.getWidth()];
            for (int y = 0; y < image.getHeight(); y++) {
                image.getRGB(0, y, row.length, 1, row, 0, row.length);
                for (int argb : row) {
                    out.put((byte) (argb >> 16)).put((byte) (argb >> 8)).put((byte) argb);
                }
            }
        }
    }

    private static void fillFromGrey(Raster raster, int bits, ByteBuffer out) {
        int max = (1 << bits) - 1;
        int[] row = new int[raster.getWidth()];
        for (int y = 0; y < raster.getHeight(); y++) {
            raster.getSamples(0, y, row.length, 1, 0, row);
            for (int sample : row) {
                byte grey = (byte) ((sample * 255 + max / 2) / max);
                out.put(grey).put(grey).put(grey);
            }
        }
    }

    private static void fillFromCmyk(Raster raster, ByteBuffer out) {
        int[] cmyk = new int[raster.getWidth() * 4];
        for (int y = 0; y < raster.getHeight(); y++) {
            raster.getPixels(0, y, raster.getWidth(), 1, cmyk);
            for (int i = 0; i < cmyk.length; i += 4) {
                int k = cmyk[i + 3];
                out.put(inkToByte(cmyk[i], k))
                        .put(inkToByte(cmyk[i + 1], k))
                        .put(inkToByte(cmyk[i + 2], k));
            }
        }
    }

    private static byte inkToByte(int inverted, int invertedBlack) {
        return (byte) ((inverted * invertedBlack + 127) / 255);
    }
}
