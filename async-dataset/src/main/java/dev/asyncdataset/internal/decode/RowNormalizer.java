package dev.asyncdataset.internal.decode;

import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;

/**
 * Normalizes a collated batch of uint8 (H, W, 3) rows, as a {@link RowWriter} wrote them, into
 * float32 (3, H, W) rows: {@code ImageRecipes.deviceNormalize()}'s numbers, bit for bit. Used when
 * the batch's device is the CPU, so that only a staged batch takes float memory.
 */
public interface RowNormalizer {

    /**
     * Returns the shape of one normalized row: (3, height, width).
     *
     * @return the item shape
     */
    Shape itemShape();

    /**
     * Returns the type of a normalized row's elements.
     *
     * @return {@link DataType#FLOAT32}
     */
    DataType dataType();

    /**
     * Writes the first {@code count} uint8 rows of {@code rows} normalized into {@code out}.
     *
     * @param rows direct buffer of uint8 (H, W, 3) rows, from position 0
     * @param count how many rows to normalize
     * @param out direct buffer of at least {@code count} float32 (3, H, W) rows, from position 0
     */
    void normalize(ByteBuffer rows, int count, ByteBuffer out);
}
