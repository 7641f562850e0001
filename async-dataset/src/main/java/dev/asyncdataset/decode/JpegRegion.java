package dev.asyncdataset.decode;

/**
 * The part of a JPEG a crop needs and the DCT scale to decode it at. libjpeg decodes from the top,
 * so the rows below the crop are left out (the frame header is made to declare fewer rows), and its
 * IDCT can output each 8 x 8 block at 4 x 4, 2 x 2 or 1 x 1 pixels, which spends less on the IDCT,
 * upsampling and colour conversion. Decoded pixel j covers image pixels {@code [j * 8 / eighths, (j
 * + 1) * 8 / eighths)}. (The other eighths TurboJPEG offers, 7/8 to 5/8 and 3/8, have no SIMD IDCT
 * and cost more than a full-size decode: docs/decoding.md.)
 *
 * @param width the image width
 * @param height the rows decoded, from the top
 * @param eighths the scale in eighths (8: full size)
 */
record JpegRegion(int width, int height, int eighths) {

    /** Rows kept below the crop: one 4:2:0 MCU row, the chroma context of the crop's last rows. */
    private static final int CONTEXT_ROWS = 16;

    /** The whole image at full size. */
    static JpegRegion whole(TurboJpeg.Header header) {
        return new JpegRegion(header.width(), header.height(), 8);
    }

    /**
     * The least decode that still gives {@code box} at least (outHeight, outWidth) pixels: the rows
     * down to the box (and its context), at the smallest power-of-two scale that keeps both sides
     * of the box at least as large as the output.
     */
    static JpegRegion covering(TurboJpeg.Header header, CropBox box, int outWidth, int outHeight) {
        int k = 8;
        while (k > 1
                && box.width() * (k / 2) >= 8 * outWidth
                && box.height() * (k / 2) >= 8 * outHeight) {
            k /= 2;
        }
        int rows = Math.min(header.height(), box.y() + box.height() + CONTEXT_ROWS);
        return new JpegRegion(header.width(), rows, 8).at(k);
    }

    /** The decoded width: TurboJPEG's {@code TJSCALED}. */
    int scaledWidth() {
        return scaled(width, eighths);
    }

    /** The decoded height. */
    int scaledHeight() {
        return scaled(height, eighths);
    }

    /**
     * Where {@code box}, in image pixels, lies in the decoded pixels (pixel centres aligned).
     *
     * @return {x, y, width, height}, fractional
     */
    double[] locate(CropBox box) {
        double scale = eighths / 8.0;
        return new double[] {
            box.x() * scale, box.y() * scale, box.width() * scale, box.height() * scale
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
        return new JpegRegion(width, height, larger);
    }

    private static int scaled(int size, int eighths) {
        return (size * eighths + 7) / 8;
    }
}
