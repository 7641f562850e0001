package dev.asyncdataset.decode;

import ai.djl.ndarray.NDManager;
import ai.djl.translate.Pipeline;
import ai.djl.translate.Transform;
import dev.asyncdataset.internal.decode.RowPipeline;
import dev.asyncdataset.internal.decode.RowWriter;
import java.nio.ByteBuffer;

/**
 * A pipeline of {@link ImageRecipes}: runs as a DJL pipeline on an item's array (the per-item
 * path), and also writes its output from encoded bytes straight into a row of a recycled batch
 * buffer ({@link RecipeRows}), drawing the same random numbers in the same order. Its output is
 * always (height, width, 3) uint8. Once transforms are added to it, only the pipeline remains.
 */
final class RecipePipeline extends Pipeline implements RowPipeline {

    /** The source region of an image of (height, width) that becomes the output. */
    interface Geometry {
        CropBox box(int height, int width);
    }

    private final Geometry geometry;
    private final int width;
    private final int height;
    private final RandomHorizontalFlip flip;
    private final int transforms;

    /**
     * @param geometry the crop, drawn for each item
     * @param width the output width
     * @param height the output height
     * @param flip the mirror applied after the crop, or {@code null}
     * @param transforms the same steps as transforms of the pipeline
     */
    RecipePipeline(
            Geometry geometry,
            int width,
            int height,
            RandomHorizontalFlip flip,
            Transform... transforms) {
        super(transforms);
        this.geometry = geometry;
        this.width = width;
        this.height = height;
        this.flip = flip;
        this.transforms = transforms.length;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    @Override
    public RowWriter rowWriter() {
        return isIntact() ? new RecipeRows(this) : null;
    }

    /** Whether the pipeline still holds only the recipe's own transforms. */
    boolean isIntact() {
        try {
            return SeededDjlPipeline.transforms(this).size() == transforms;
        } catch (ReflectiveOperationException unreadable) {
            return false;
        }
    }

    /**
     * Writes the recipe's output for {@code encoded} (from its position to its limit) into {@code
     * row}: the JPEGs {@link CropDecoder} takes decoded only as far as the crop needs, others
     * decoded whole.
     */
    void write(ByteBuffer encoded, String key, ByteBuffer row, NDManager manager)
            throws BadItemException {
        if (!CropDecoder.write(encoded, key, geometry, width, height, row)) {
            Pixels pixels = ImageDecoder.pixels(encoded, key, Codec.active());
            geometry.box(pixels.height(), pixels.width())
                    .cropResize(pixels, width, height, row, manager);
        }
        if (flip != null && flip.mirrors()) {
            mirror(row);
        }
    }

    /** Reverses the pixel order of every image row, in place, as {@code flip(1)} does. */
    private void mirror(ByteBuffer row) {
        byte[] line = new byte[width * 3];
        for (int y = 0; y < height; y++) {
            row.get(y * line.length, line);
            for (int left = 0, right = width - 1; left < right; left++, right--) {
                for (int c = 0; c < 3; c++) {
                    byte swap = line[left * 3 + c];
                    line[left * 3 + c] = line[right * 3 + c];
                    line[right * 3 + c] = swap;
                }
            }
            row.put(y * line.length, line);
        }
    }
}
