package dev.asyncdataset.examples.bench;

import dev.asyncdataset.examples.data.Jpeg;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * What the candidates of {@link CropDecodeTimes} do to the pixels, against the whole-image decode:
 * mean absolute difference and PSNR of the output rows, and the worst row's PSNR; and a second,
 * camera-sized image set.
 */
final class CropDecodeQuality {

    private long absolute;
    private double squared;
    private long values;
    private double worstPsnr = Double.POSITIVE_INFINITY;

    /** Adds the difference between two rows of the same item. */
    void add(byte[] reference, byte[] candidate) {
        double rowSquared = 0;
        for (int i = 0; i < reference.length; i++) {
            int d = (reference[i] & 0xFF) - (candidate[i] & 0xFF);
            absolute += Math.abs(d);
            rowSquared += d * d;
        }
        squared += rowSquared;
        values += reference.length;
        worstPsnr = Math.min(worstPsnr, psnr(rowSquared / reference.length));
    }

    /** Returns the mean absolute difference, in levels of 255. */
    double meanAbsolute() {
        return (double) absolute / values;
    }

    /** Returns the PSNR in dB (infinite when equal). */
    double psnr() {
        return psnr(squared / values);
    }

    /** Returns the lowest PSNR of a single row. */
    double worstPsnr() {
        return worstPsnr;
    }

    private static double psnr(double meanSquared) {
        return 10 * Math.log10(255.0 * 255.0 / meanSquared);
    }

    /**
     * Re-encodes each image {@code factor} times larger (bicubic), at JPEG quality 0.9: photos of a
     * camera's size rather than ImageNet's.
     */
    static Map<String, byte[]> enlarged(Map<String, byte[]> jpegs, int factor) throws IOException {
        Map<String, byte[]> large = new LinkedHashMap<>();
        for (Map.Entry<String, byte[]> jpeg : jpegs.entrySet()) {
            BufferedImage small = ImageIO.read(new ByteArrayInputStream(jpeg.getValue()));
            BufferedImage big =
                    new BufferedImage(
                            small.getWidth() * factor,
                            small.getHeight() * factor,
                            BufferedImage.TYPE_3BYTE_BGR);
            Graphics2D g = big.createGraphics();
            g.setRenderingHint(
                    RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BICUBIC);
            g.drawImage(small, 0, 0, big.getWidth(), big.getHeight(), null);
            g.dispose();
            large.put(jpeg.getKey(), Jpeg.encode(big, 0.9f));
        }
        return large;
    }
}
