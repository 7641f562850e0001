package dev.asyncdataset.internal.decode;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.Pipeline;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Decodes an encoded image and writes what an {@code ImageRecipes} pipeline makes of it straight
 * into a row of a batch buffer, with no array per item; the crop and the bytes are those of the
 * pipeline, for the same item generator ({@link ItemSeeds}), within the bound of {@code
 * docs/decoding.md}.
 */
public interface RowWriter {

    /**
     * Returns a writer for {@code pipeline} if it is one of {@code ImageRecipes}' item pipelines
     * with nothing added to it.
     *
     * @param pipeline the item pipeline, or {@code null}
     * @return the writer, or {@code null} if rows cannot be written for this pipeline
     */
    static RowWriter of(Pipeline pipeline) {
        return pipeline instanceof RowPipeline rows ? rows.rowWriter() : null;
    }

    /**
     * Returns the shape of one row: (height, width, 3), uint8.
     *
     * @return the item shape
     */
    Shape itemShape();

    /**
     * Decodes {@code encoded} and writes the recipe's output into {@code row}, reading the image
     * where it is and leaving its position unmoved.
     *
     * @param manager a CPU manager for temporary arrays, used only when OpenCV is absent
     * @param encoded the encoded image, from its position to its limit
     * @param key the item's key, for error messages
     * @param row a direct buffer of exactly one row's bytes, from its position 0
     * @throws IOException a {@code BadItemException} if the bytes are not a decodable image
     */
    void write(NDManager manager, ByteBuffer encoded, String key, ByteBuffer row)
            throws IOException;

    /**
     * Returns a normalizer of this writer's rows if {@code devicePipeline} is exactly {@code
     * ImageRecipes.deviceNormalize()} and nothing else.
     *
     * @param devicePipeline the loader's device pipeline, or {@code null}
     * @return the normalizer, or {@code null} if the device pipeline is anything else
     */
    RowNormalizer normalizer(Pipeline devicePipeline);
}
