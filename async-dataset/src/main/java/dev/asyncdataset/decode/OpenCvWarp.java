package dev.asyncdataset.decode;

import java.nio.ByteBuffer;
import nu.pattern.OpenCV;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * The resize of a crop placed to the sub-pixel in pixels decoded at a DCT scale ({@link
 * CropDecoder}): it samples where {@link OpenCvCodec}'s resize samples the same crop at full size.
 */
final class OpenCvWarp {

    static {
        OpenCV.loadLocally();
    }

    private OpenCvWarp() {}

    /**
     * Resizes a region of decoded pixels given to the sub-pixel, {x, y, width, height}, to (outW,
     * outH), written into {@code out}: the same sample positions as {@link OpenCvCodec#resize} of
     * that region (an affine warp, bilinear); when both sides shrink by 2x or more, area
     * interpolation of the region rounded to whole pixels.
     *
     * @param pixels the decoded image
     * @param box the region, inside the image
     * @param outW the output width
     * @param outH the output height
     * @param out a direct buffer of at least outH * outW * 3 bytes, from its position 0
     */
    static void cropResize(Pixels pixels, double[] box, int outW, int outH, ByteBuffer out) {
        Mat whole = new Mat(pixels.height(), pixels.width(), CvType.CV_8UC3, pixels.buffer());
        try {
            if (2 * outW <= box[2] && 2 * outH <= box[3]) {
                OpenCvCodec.resize(whole, rounded(box), outW, outH, out);
            } else {
                warp(whole, box, outW, outH, out);
            }
        } finally {
            whole.release();
        }
    }

    private static CropBox rounded(double[] box) {
        int x = (int) Math.round(box[0]);
        int y = (int) Math.round(box[1]);
        return new CropBox(
                x, y, (int) Math.round(box[0] + box[2]) - x, (int) Math.round(box[1] + box[3]) - y);
    }

    /** Output pixel u samples x + (u + 0.5) * width / outW - 0.5, as resize does. */
    private static void warp(Mat whole, double[] box, int outW, int outH, ByteBuffer out) {
        double fx = box[2] / outW;
        double fy = box[3] / outH;
        Mat map = new Mat(2, 3, CvType.CV_64F);
        map.put(0, 0, fx, 0, box[0] + fx / 2 - 0.5, 0, fy, box[1] + fy / 2 - 0.5);
        int flags = Imgproc.INTER_LINEAR | Imgproc.WARP_INVERSE_MAP;
        Size size = new Size(outW, outH);
        try {
            OpenCvCodec.into(
                    out,
                    outH,
                    outW,
                    dst -> Imgproc.warpAffine(whole, dst, map, size, flags, Core.BORDER_REPLICATE));
        } finally {
            map.release();
        }
    }
}
