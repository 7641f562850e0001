package dev.asyncdataset.decode;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.internal.decode.RowNormalizer;
import dev.asyncdataset.internal.decode.RowWriter;
import java.nio.ByteBuffer;

/**
 * The {@link RowWriter} of a {@link RecipePipeline}: the image is decoded into the thread's reused
 * buffer, then cropped, resized and mirrored into the row, with no array per item. The crop is the
 * one the pipeline draws on the decoded array, for the same item generator ({@link ItemRandom}),
 * and so are the bytes, except that of a JPEG only what the crop keeps is decoded, at a DCT scale
 * when the crop is at least twice the output size: those rows differ from the pipeline's within the
 * bound of {@code docs/decoding.md} ({@code -Dasyncdataset.fusedcrop=false} decodes whole images).
 */
final class RecipeRows implements RowWriter {

    private final RecipePipeline recipe;

    RecipeRows(RecipePipeline recipe) {
        this.recipe = recipe;
    }

    @Override
    public Shape itemShape() {
        return new Shape(recipe.height(), recipe.width(), 3);
    }

    @Override
    public void write(NDManager manager, ByteBuffer encoded, String key, ByteBuffer row)
            throws BadItemException {
        recipe.write(encoded, key, row, manager);
    }

    @Override
    public RowNormalizer normalizer(Pipeline devicePipeline) {
        return RecipeNormalizer.of(this, devicePipeline);
    }
}
