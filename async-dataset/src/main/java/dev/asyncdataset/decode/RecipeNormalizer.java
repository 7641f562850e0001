package dev.asyncdataset.decode;

import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.Pipeline;
import ai.djl.util.PairList;
import dev.asyncdataset.internal.decode.RowNormalizer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;

/**
 * Normalizes a collated batch of uint8 (H, W, 3) rows, as a {@link RecipeRows} wrote them, into
 * float32 (3, H, W) rows: {@link ImageRecipes#deviceNormalize()}'s numbers, bit for bit. Used when
 * the batch's device is the CPU, so that only a collated batch takes float memory (four times its
 * uint8 rows) and the staging thread allocates nothing per batch.
 *
 * <p>Each thread that normalizes keeps one row's bytes and floats on the heap (about 0.75 MB at 224
 * x 224) while it lives; no native memory.
 */
final class RecipeNormalizer implements RowNormalizer {

    private static final ThreadLocal<Scratch> SCRATCH = new ThreadLocal<>();

    private final DeviceNormalize normalize;
    private final int height;
    private final int width;

    private RecipeNormalizer(Shape rowShape, DeviceNormalize normalize) {
        this.normalize = normalize;
        this.height = Math.toIntExact(rowShape.get(0));
        this.width = Math.toIntExact(rowShape.get(1));
    }

    /**
     * Returns a normalizer of {@code rows}' output, if {@code devicePipeline} is exactly {@link
     * ImageRecipes#deviceNormalize()} and nothing else.
     *
     * @param rows the uint8 row writer
     * @param devicePipeline the loader's device pipeline, or {@code null}
     * @return the normalizer, or {@code null} if the device pipeline is anything else
     */
    static RecipeNormalizer of(RecipeRows rows, Pipeline devicePipeline) {
        if (devicePipeline == null) {
            return null;
        }
        PairList<?, ?> transforms;
        try {
            transforms = SeededDjlPipeline.transforms(devicePipeline);
        } catch (ReflectiveOperationException unreadable) {
            return null;
        }
        return transforms.size() == 1
                        && transforms.valueAt(0) instanceof DeviceNormalize normalize
                        && normalize.channels() == rows.itemShape().get(2)
                ? new RecipeNormalizer(rows.itemShape(), normalize)
                : null;
    }

    /**
     * Returns the shape of one normalized row: (3, height, width).
     *
     * @return the item shape
     */
    @Override
    public Shape itemShape() {
        return new Shape(normalize.channels(), height, width);
    }

    /**
     * Returns the type of a normalized row's elements.
     *
     * @return {@link DataType#FLOAT32}
     */
    @Override
    public DataType dataType() {
        return DataType.FLOAT32;
    }

    /**
     * Writes the first {@code count} uint8 rows of {@code rows} normalized into {@code out}.
     *
     * @param rows direct buffer of uint8 (H, W, 3) rows, from position 0
     * @param count how many rows to normalize
     * @param out direct buffer of at least {@code count} float32 (3, H, W) rows, from position 0
     */
    @Override
    public void normalize(ByteBuffer rows, int count, ByteBuffer out) {
        int values = height * width * normalize.channels();
        Scratch own = scratch(values);
        FloatBuffer floats = out.order(ByteOrder.nativeOrder()).asFloatBuffer();
        for (int row = 0; row < count; row++) {
            rows.get(row * values, own.bytes, 0, values);
            normalize.toChw(own.bytes, height * width, own.floats);
            floats.put(row * values, own.floats, 0, values);
        }
    }

    private static Scratch scratch(int values) {
        Scratch own = SCRATCH.get();
        if (own == null || own.bytes.length < values) {
            own = new Scratch(new byte[values], new float[values]);
            SCRATCH.set(own);
        }
        return own;
    }

    /** A thread's row of bytes and its floats. */
    private record Scratch(byte[] bytes, float[] floats) {}
}
