package dev.asyncdataset.decode;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.Transform;

/**
 * Turns a batch of uint8 images (N, H, W, C) into normalized float32 (N, C, H, W) in one pass on
 * the batch's device: {@code (x - 255 mean) / (255 std)}, the same numbers as DJL's {@code
 * ToTensor} followed by {@code Normalize}, per item, up to float rounding. On the recycled path to
 * a CPU device the same numbers are written for each collated batch on the CPU instead ({@link
 * RecipeNormalizer}, through {@link #toChw}).
 */
final class DeviceNormalize implements Transform {

    private final float[] shift;
    private final float[] scale;

    DeviceNormalize(float[] mean, float[] std) {
        shift = new float[mean.length];
        scale = new float[std.length];
        for (int c = 0; c < mean.length; c++) {
            shift[c] = 255f * mean[c];
            scale[c] = 1f / (255f * std[c]);
        }
    }

    @Override
    public NDArray transform(NDArray batch) {
        Shape shape = batch.getShape();
        if (shape.dimension() != 4 || shape.get(3) != shift.length) {
            throw new IllegalArgumentException(
                    "expected an (N, H, W, " + shift.length + ") batch, got shape " + shape);
        }
        Shape nchwShape = new Shape(shape.get(0), shape.get(3), shape.get(1), shape.get(2));
        // flatten copies the permuted bytes into NCHW order, so the float passes run contiguous
        try (NDArray permuted = batch.transpose(0, 3, 1, 2);
                NDArray flat = permuted.flatten();
                NDArray nchw = flat.reshape(nchwShape);
                NDArray shiftArray = constant(batch, shift);
                NDArray scaleArray = constant(batch, scale)) {
            return nchw.toType(DataType.FLOAT32, true).subi(shiftArray).muli(scaleArray);
        }
    }

    /**
     * Writes one (H, W, C) uint8 image, {@code pixels} = H x W, as normalized (C, H, W) floats: the
     * same float operations, in the same order, as {@link #transform} (cast, subtract, multiply).
     */
    void toChw(byte[] hwc, int pixels, float[] chw) {
        int channels = shift.length;
        for (int c = 0; c < channels; c++) {
            float minus = shift[c];
            float times = scale[c];
            for (int p = 0, from = c, to = c * pixels; p < pixels; p++, from += channels) {
                chw[to + p] = ((hwc[from] & 0xFF) - minus) * times;
            }
        }
    }

    /** The number of channels the transform expects. */
    int channels() {
        return shift.length;
    }

    private static NDArray constant(NDArray like, float[] values) {
        NDManager manager = like.getManager();
        NDArray array = manager.create(values, new Shape(1, values.length, 1, 1));
        if (array.getDevice().equals(like.getDevice())) {
            return array;
        }
        try (array) {
            return array.toDevice(like.getDevice(), true);
        }
    }
}
