package dev.asyncdataset.decode;

import ai.djl.ndarray.NDArray;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import nu.pattern.OpenCV;
import org.opencv.core.CvException;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.Rect;
import org.opencv.core.Size;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;

/**
 * Decode and uint8 resize with OpenCV. Every {@link Mat} is released as soon as it is used, so
 * native pixel buffers never wait for the garbage collector; pixels go straight from OpenCV into
 * the array's buffer (one copy, fused with the BGR to RGB swap).
 */
final class OpenCvCodec {

    static {
        OpenCV.loadLocally();
    }

    private OpenCvCodec() {}

    /**
     * Decodes any image OpenCV reads (grey, palette, alpha and CMYK become 3-channel) into RGB.
     *
     * @param bytes the encoded image, from position 0 ({@link EncodedImages#readable})
     * @param key the item's key, for the message
     * @return the (H, W, 3) uint8 RGB pixels, in the thread's reused buffer
     * @throws BadItemException if OpenCV cannot decode the bytes
     */
    static Pixels decode(ByteBuffer bytes, String key) throws BadItemException {
        Mat encoded = encoded(bytes);
        try {
            Mat bgr = Imgcodecs.imdecode(encoded, Imgcodecs.IMREAD_COLOR);
            try {
                if (bgr.empty()) {
                    throw new BadItemException(
                            key, "not a decodable image (" + bytes.limit() + " bytes)", null);
                }
                return toRgb(bgr);
            } finally {
                bgr.release();
            }
        } catch (CvException e) {
            throw new BadItemException(key, "OpenCV failed to decode the image", e);
        } finally {
            encoded.release();
        }
    }

    /**
     * A one-row byte matrix of the encoded image: over a direct buffer's memory, else a copy of the
     * heap array's bytes into OpenCV's own (the one copy {@code imdecode} of a Java array needs).
     */
    private static Mat encoded(ByteBuffer bytes) {
        if (bytes.isDirect()) {
            return new Mat(1, bytes.limit(), CvType.CV_8UC1, bytes);
        }
        return new MatOfByte(bytes.arrayOffset(), bytes.limit(), bytes.array());
    }

    private static Pixels toRgb(Mat bgr) {
        int rows = bgr.rows();
        int cols = bgr.cols();
        return Uint8Arrays.fill(
                rows,
                cols,
                buffer ->
                        into(
                                buffer,
                                rows,
                                cols,
                                dst -> Imgproc.cvtColor(bgr, dst, Imgproc.COLOR_BGR2RGB)));
    }

    /**
     * Resizes a region of a contiguous HWC uint8 image to (outW, outH) (see {@link #resize}).
     *
     * @param image the contiguous (H, W, 3) uint8 image
     * @param box the region to resize
     * @param outW the output width
     * @param outH the output height
     * @return an (outH, outW, 3) uint8 array in the image's manager
     */
    static NDArray cropResize(NDArray image, CropBox box, int outW, int outH) {
        int rows = (int) image.getShape().get(0);
        int cols = (int) image.getShape().get(1);
        Mat whole = new Mat(rows, cols, CvType.CV_8UC3, direct(image.toByteBuffer(true)));
        try {
            return Uint8Arrays.create(
                    image.getManager(),
                    outH,
                    outW,
                    buffer -> resize(whole, box, outW, outH, buffer));
        } finally {
            whole.release();
        }
    }

    /**
     * Resizes a region of decoded pixels to (outW, outH), written into {@code out}.
     *
     * @param pixels the decoded image
     * @param box the region to resize
     * @param outW the output width
     * @param outH the output height
     * @param out a direct buffer of at least outH * outW * 3 bytes, from its position 0
     */
    static void cropResize(Pixels pixels, CropBox box, int outW, int outH, ByteBuffer out) {
        Mat whole = new Mat(pixels.height(), pixels.width(), CvType.CV_8UC3, pixels.buffer());
        try {
            resize(whole, box, outW, outH, out);
        } finally {
            whole.release();
        }
    }

    /**
     * Bilinear, or area interpolation when both sides shrink by 2x or more, where bilinear would
     * alias. (Area is about 3x slower at the usual non-integer factors, hence not used for milder
     * shrinks.)
     */
    static void resize(Mat whole, CropBox box, int outW, int outH, ByteBuffer out) {
        Mat part = whole.submat(new Rect(box.x(), box.y(), box.width(), box.height()));
        boolean halving = 2 * outW <= box.width() && 2 * outH <= box.height();
        int interpolation = halving ? Imgproc.INTER_AREA : Imgproc.INTER_LINEAR;
        Size size = new Size(outW, outH);
        try {
            into(out, outH, outW, dst -> Imgproc.resize(part, dst, size, 0, 0, interpolation));
        } finally {
            part.release();
        }
    }

    /**
     * Shrinks decoded pixels to (outW, outH) with area interpolation, which averages every source
     * pixel into the output (no aliasing at any factor).
     *
     * @param pixels the decoded image, at least as large as the output both ways
     * @param outW the output width
     * @param outH the output height
     * @return the (outH, outW, 3) uint8 RGB pixels, in HWC order
     */
    static byte[] shrink(Pixels pixels, int outW, int outH) {
        Mat whole = new Mat(pixels.height(), pixels.width(), CvType.CV_8UC3, pixels.buffer());
        Mat small = new Mat();
        try {
            Imgproc.resize(whole, small, new Size(outW, outH), 0, 0, Imgproc.INTER_AREA);
            byte[] rgb = new byte[Math.multiplyExact(outW * outH, 3)];
            small.get(0, 0, rgb);
            return rgb;
        } finally {
            small.release();
            whole.release();
        }
    }

    /** PyTorch hands out its own memory; engines that give a heap copy get a direct one. */
    private static ByteBuffer direct(ByteBuffer pixels) {
        if (pixels.isDirect()) {
            return pixels;
        }
        return ByteBuffer.allocateDirect(pixels.remaining()).put(pixels).flip();
    }

    /** Runs {@code op} with a {@link Mat} over {@code buffer} as its destination. */
    static void into(ByteBuffer buffer, int rows, int cols, Consumer<Mat> op) {
        Mat dst = new Mat(rows, cols, CvType.CV_8UC3, buffer);
        try {
            op.accept(dst);
        } finally {
            dst.release();
        }
    }
}
