package dev.asyncdataset.decode;

import java.awt.Graphics2D;
import java.awt.Image;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

/**
 * {@link ImageResize}'s fallbacks in Java alone: Java 2D's area-averaging shrink where OpenCV is
 * absent, ImageIO's JPEG encoder where TurboJPEG cannot be used.
 */
final class ImageIoJpeg {

    private ImageIoJpeg() {}

    /**
     * Shrinks decoded pixels to (outW, outH) by area averaging.
     *
     * @return the (outH, outW, 3) uint8 RGB pixels, in HWC order
     */
    static byte[] shrink(Pixels pixels, int outW, int outH) {
        BufferedImage image =
                new BufferedImage(pixels.width(), pixels.height(), BufferedImage.TYPE_3BYTE_BGR);
        byte[] bgr = samples(image);
        pixels.buffer().duplicate().get(bgr);
        swap(bgr);
        BufferedImage small = new BufferedImage(outW, outH, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D g = small.createGraphics();
        try {
            g.drawImage(
                    image.getScaledInstance(outW, outH, Image.SCALE_AREA_AVERAGING), 0, 0, null);
        } finally {
            g.dispose();
        }
        return swap(samples(small));
    }

    /**
     * Encodes RGB pixels as a JPEG with ImageIO (4:2:0, its default for colour).
     *
     * @throws BadItemException if ImageIO fails
     */
    static byte[] encode(byte[] rgb, int width, int height, int quality, String key)
            throws BadItemException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        byte[] bgr = samples(image);
        System.arraycopy(rgb, 0, bgr, 0, rgb.length);
        swap(bgr);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(quality / 100f);
            writer.setOutput(stream);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new BadItemException(key, "cannot encode as JPEG", e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    private static byte[] samples(BufferedImage image) {
        return ((DataBufferByte) image.getRaster().getDataBuffer()).getData();
    }

    /** Swaps the first and third byte of every pixel in place (RGB to BGR and back). */
    private static byte[] swap(byte[] pixels) {
        for (int i = 0; i < pixels.length; i += 3) {
            byte first = pixels[i];
            pixels[i] = pixels[i + 2];
            pixels[i + 2] = first;
        }
        return pixels;
    }
}
