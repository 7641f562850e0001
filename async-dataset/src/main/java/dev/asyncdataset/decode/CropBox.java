package dev.asyncdataset.decode;

import ai.djl.modality.cv.Image;
import ai.djl.modality.cv.util.NDImageUtils;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;

/**
 * A region of an HWC image, and the one operation every geometric transform here ends with: cut the
 * region out and resize it, in uint8, in one pass.
 *
 * @param x the left column
 * @param y the top row
 * @param width the width in pixels
 * @param height the height in pixels
 */
record CropBox(int x, int y, int width, int height) {

    /**
     * Cuts this region out of {@code image} and resizes it to (outHeight, outWidth). A uint8 image
     * stays uint8: with OpenCV the resize runs on the bytes; otherwise the engine resizes in float
     * and the result is rounded back.
     *
     * @param image an (H, W, C) image
     * @param outWidth the output width
     * @param outHeight the output height
     * @return an (outHeight, outWidth, C) array of the image's type, in its manager
     */
    NDArray cropResize(NDArray image, int outWidth, int outHeight) {
        boolean uint8 = image.getDataType() == DataType.UINT8;
        if (uint8 && image.getShape().get(2) == 3 && Codec.active() == Codec.OPENCV) {
            return OpenCvCodec.cropResize(image, this, outWidth, outHeight);
        }
        NDIndex region = new NDIndex("{}:{}, {}:{}", y, y + height, x, x + width);
        try (NDArray crop = image.get(region);
                NDArray resized =
                        NDImageUtils.resize(
                                crop, outWidth, outHeight, Image.Interpolation.BILINEAR)) {
            if (!uint8) {
                return resized.toType(image.getDataType(), true);
            }
            try (NDArray rounded = resized.round().clip(0, 255)) {
                return rounded.toType(DataType.UINT8, true);
            }
        }
    }

    /**
     * Cuts this region out of decoded {@code pixels} and writes it, resized to (outHeight,
     * outWidth), into {@code out}: the same bytes as {@link #cropResize} gives. With OpenCV the
     * resize runs on the buffers; otherwise the engine resizes an alias of the pixels in {@code
     * manager} (temporary arrays, closed here).
     *
     * @param pixels the decoded image
     * @param outWidth the output width
     * @param outHeight the output height
     * @param out a direct buffer of outHeight * outWidth * 3 bytes, from its position 0
     * @param manager where the engine's temporary arrays live, without OpenCV
     */
    void cropResize(Pixels pixels, int outWidth, int outHeight, ByteBuffer out, NDManager manager) {
        if (Codec.active() == Codec.OPENCV) {
            OpenCvCodec.cropResize(pixels, this, outWidth, outHeight, out);
            return;
        }
        Shape shape = new Shape(pixels.height(), pixels.width(), 3);
        try (NDArray image = manager.create(pixels.buffer(), shape, DataType.UINT8);
                NDArray resized = cropResize(image, outWidth, outHeight)) {
            out.duplicate().put(resized.toByteBuffer());
        }
    }

    /**
     * Returns the (height, width) of an HWC image, after checking that it is one.
     *
     * @param image the image
     * @return {height, width}
     * @throws IllegalArgumentException if the image is not 3-dimensional
     */
    static int[] heightWidth(NDArray image) {
        Shape shape = image.getShape();
        if (shape.dimension() != 3) {
            throw new IllegalArgumentException("expected an (H, W, C) image, got shape " + shape);
        }
        return new int[] {Math.toIntExact(shape.get(0)), Math.toIntExact(shape.get(1))};
    }
}
