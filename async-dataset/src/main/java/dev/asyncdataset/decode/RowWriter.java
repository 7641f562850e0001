package dev.asyncdataset.decode;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.Pipeline;
import java.nio.ByteBuffer;

/**
 * Decodes an encoded image and writes what an {@link ImageRecipes} pipeline makes of it straight
 * into a row of a batch buffer: the image is decoded into the thread's reused buffer, then cropped,
 * resized and mirrored into the row, with no array per item. The crop is the one the pipeline draws
 * on the decoded array, for the same item generator ({@link ItemRandom}), and so are the bytes,
 * except that of a JPEG only what the crop keeps is decoded, at a DCT scale when the crop is at
 * least twice the output size: those rows differ from the pipeline's within the bound of {@code
 * docs/decoding.md} ({@code -Dasyncdataset.fusedcrop=false} decodes whole images).
 *
 * <p>The loader calls it (and {@link RowNormalizer}); there is nothing to implement or call here to
 * use {@link ImageRecipes}. They are public only because the loader is in another package, while
 * the recipe pipelines they read stay package-private to this one; and they cannot move to the
 * loader's packages, which import this one, because they are built on this package's
 * package-private decoders.
 */
public final class RowWriter {

    private final RecipePipeline recipe;

    private RowWriter(RecipePipeline recipe) {
        this.recipe = recipe;
    }

    /**
     * Returns a writer for {@code pipeline} if it is one of {@link ImageRecipes}' item pipelines
     * with nothing added to it.
     *
     * @param pipeline the item pipeline, or {@code null}
     * @return the writer, or {@code null} if rows cannot be written for this pipeline
     */
    public static RowWriter of(Pipeline pipeline) {
        return pipeline instanceof RecipePipeline recipe && recipe.isIntact()
                ? new RowWriter(recipe)
                : null;
    }

    /**
     * Returns the shape of one row: (height, width, 3), uint8.
     *
     * @return the item shape
     */
    public Shape itemShape() {
        return new Shape(recipe.height(), recipe.width(), 3);
    }

    /**
     * Decodes {@code encoded} and writes the recipe's output into {@code row}, reading the image
     * where it is (no copy to an array of its own) and leaving its position unmoved.
     *
     * @param manager a CPU manager for temporary arrays, used only when OpenCV is absent
     * @param encoded the encoded image, from its position to its limit
     * @param key the item's key, for error messages
     * @param row a direct buffer of exactly one row's bytes, from its position 0
     * @throws BadItemException if the bytes are not a complete, decodable image
     */
    public void write(NDManager manager, ByteBuffer encoded, String key, ByteBuffer row)
            throws BadItemException {
        recipe.write(encoded, key, row, manager);
    }
}
