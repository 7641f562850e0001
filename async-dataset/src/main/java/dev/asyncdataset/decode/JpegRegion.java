package dev.asyncdataset.decode;

/**
 * The part of a JPEG to decode and the DCT scale to decode it at: libjpeg's IDCT can output each 8
 * x 8 block at k x k pixels (k = 1..8), which spends less on the IDCT, upsampling and colour
 * conversion; a region is cut losslessly from the coefficients first, at MCU boundaries. Decoded
 * pixel j of the region covers image pixels {@code [x + j * 8 / k, x + (j + 1) * 8 / k)}.
 *
 * @param x the left column in the image, a multiple of the MCU width
 * @param y the top row in the image, a multiple of the MCU height
 * @param width the width in image pixels
 * @param height the height in image pixels
 * @param eighths the scale in eighths, 1 to 8 (8: full size)
 */
record JpegRegion(int x, int y, int width, int height, int eighths) {

    private static final int[] MCU_WIDTH = {8, 16, 16, 8, 8, 32};
    private static final int[] MCU_HEIGHT = {8, 8, 16, 8, 16, 8};

    /** The whole image at full size. */
    static JpegRegion whole(TurboJpeg.Header header) {
        return new JpegRegion(0, 0, header.width(), header.height(), 8);
    }

    /**
     * The smallest decode that still gives {@code box} at least (outHeight, outWidth) pixels: the
     * smallest scale at which the box keeps both output sides, and with {@code cropMcus} only the
     * MCUs the box touches.
     */
    static JpegRegion covering(
            TurboJpeg.Header header, CropBox box, int outWidth, int outHeight, String mode) {
        int k = 8;
        while (mode.contains("scale")
                && k > 1
                && box.width() * (k - 1) >= 8 * outWidth
                && box.height() * (k - 1) >= 8 * outHeight) {
            k--;
        }
        while (mode.contains("pow2")
                && k > 1
                && box.width() * (k / 2) >= 8 * outWidth
                && box.height() * (k / 2) >= 8 * outHeight) {
            k /= 2;
        }
        int s = header.subsampling();
        if (mode.contains("stop")) {
            int bottom = Math.min(header.height(), box.y() + box.height() + 16);
            return whole(header).withHeight(bottom).at(k);
        }
        if (!mode.contains("crop") || s < 0 || s >= MCU_WIDTH.length) {
            return whole(header).at(k);
        }
        int left = box.x() / MCU_WIDTH[s] * MCU_WIDTH[s];
        int top = box.y() / MCU_HEIGHT[s] * MCU_HEIGHT[s];
        return new JpegRegion(
                        left, top, box.x() + box.width() - left, box.y() + box.height() - top, 8)
                .at(k);
    }

    /** This region with {@code rows} rows. */
    JpegRegion withHeight(int rows) {
        return new JpegRegion(x, y, width, rows, eighths);
    }

    /** Whether this is the whole of an image of the header's size. */
    boolean isWhole(TurboJpeg.Header header) {
        return x == 0 && y == 0 && width == header.width() && height == header.height();
    }

    /** The decoded width: TurboJPEG's {@code TJSCALED}. */
    int scaledWidth() {
        return scaled(width, eighths);
    }

    /** The decoded height. */
    int scaledHeight() {
        return scaled(height, eighths);
    }

    /** {@code box}, in image pixels, in this region's pixels at full size. */
    CropBox shift(CropBox box) {
        return new CropBox(box.x() - x, box.y() - y, box.width(), box.height());
    }

    /**
     * Where {@code box}, in image pixels, lies in the decoded pixels (pixel centres aligned).
     *
     * @return {x, y, width, height}, fractional
     */
    double[] locate(CropBox box) {
        double scale = eighths / 8.0;
        return new double[] {
            (box.x() - x) * scale, (box.y() - y) * scale, box.width() * scale, box.height() * scale
        };
    }

    /**
     * This region at {@code k} eighths, or at the larger scale TurboJPEG picks when it gives the
     * same decoded size (it decodes at the largest factor that fits the size asked for).
     */
    private JpegRegion at(int k) {
        int larger = k;
        while (larger < 8
                && scaled(width, larger + 1) == scaled(width, k)
                && scaled(height, larger + 1) == scaled(height, k)) {
            larger++;
        }
        return new JpegRegion(x, y, width, height, larger);
    }

    private static int scaled(int size, int eighths) {
        return (size * eighths + 7) / 8;
    }
}
