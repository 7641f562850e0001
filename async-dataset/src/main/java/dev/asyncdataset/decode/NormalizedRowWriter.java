package dev.asyncdataset.decode;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.Pipeline;
import ai.djl.util.PairList;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Writes an item's row already normalized: the {@link RowWriter}'s uint8 (H, W, 3) output, then
 * {@link ImageRecipes#deviceNormalize()}'s float32 (3, H, W) numbers for it, bit for bit. Used when
 * the batch's device is the CPU, so that normalizing runs on every decode thread and writes into
 * the recycled batch rows instead of allocating two batch-sized arrays on the staging thread.
 *
 * <p>Each decode thread keeps one uint8 row and its float copy (about 0.75 MB at 224 x 224) for the
 * life of the thread.
 */
public final class NormalizedRowWriter {

    private final RowWriter rows;
    private final DeviceNormalize normalize;
    private final int height;
    private final int width;
    private final ThreadLocal<Scratch> scratch;

    private NormalizedRowWriter(RowWriter rows, DeviceNormalize normalize) {
        this.rows = rows;
        this.normalize = normalize;
        Shape shape = rows.itemShape();
        this.height = Math.toIntExact(shape.get(0));
        this.width = Math.toIntExact(shape.get(1));
        this.scratch = ThreadLocal.withInitial(() -> new Scratch(height * width, shape.get(2)));
    }

    /**
     * Returns a writer that applies {@code devicePipeline} to {@code rows}' output, if that
     * pipeline is exactly {@link ImageRecipes#deviceNormalize()} and nothing else.
     *
     * @param rows the uint8 row writer, or {@code null}
     * @param devicePipeline the loader's device pipeline, or {@code null}
     * @return the writer, or {@code null} if the device pipeline is anything else
     */
    public static NormalizedRowWriter of(RowWriter rows, Pipeline devicePipeline) {
        if (rows == null || devicePipeline == null) {
            return null;
        }
        PairList<?, ?> transforms;
        try {
            transforms = DjlRandomPipeline.transforms(devicePipeline);
        } catch (ReflectiveOperationException unreadable) {
            return null;
        }
        return transforms.size() == 1
                        && transforms.valueAt(0) instanceof DeviceNormalize normalize
                        && normalize.channels() == rows.itemShape().get(2)
                ? new NormalizedRowWriter(rows, normalize)
                : null;
    }

    /**
     * Returns the shape of one row: (3, height, width).
     *
     * @return the item shape
     */
    public Shape itemShape() {
        return new Shape(normalize.channels(), height, width);
    }

    /**
     * Returns the type of a row's elements.
     *
     * @return {@link DataType#FLOAT32}
     */
    public DataType dataType() {
        return DataType.FLOAT32;
    }

    /**
     * Decodes {@code encoded} and writes the recipe's output, normalized, into {@code row}.
     *
     * @param manager a CPU manager for temporary arrays, used only when OpenCV is absent
     * @param encoded the encoded image
     * @param key the item's key, for error messages
     * @param row a direct buffer of exactly one row's bytes, from its position 0
     * @throws BadItemException if the bytes are not a complete, decodable image
     */
    public void write(NDManager manager, byte[] encoded, String key, ByteBuffer row)
            throws BadItemException {
        Scratch own = scratch.get();
        rows.write(manager, encoded, key, own.hwc);
        own.hwc.get(0, own.bytes);
        normalize.toChw(own.bytes, height * width, own.floats);
        row.order(ByteOrder.nativeOrder()).asFloatBuffer().put(0, own.floats);
    }

    /** A decode thread's uint8 row and its float copy. */
    private static final class Scratch {
        final ByteBuffer hwc;
        final byte[] bytes;
        final float[] floats;

        Scratch(int pixels, long channels) {
            int values = Math.toIntExact(pixels * channels);
            hwc = ByteBuffer.allocateDirect(values);
            bytes = new byte[values];
            floats = new float[values];
        }
    }
}
