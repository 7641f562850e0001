package dev.asyncdataset.decode;

import ai.djl.ndarray.NDArray;
import ai.djl.translate.Transform;

/**
 * Mirrors an HWC image left to right with a given probability (0.5 by default).
 *
 * <p>DJL's {@code RandomFlipLeftRight} computes the flip and discards it, and draws from one shared
 * generator; this one returns the flipped image and draws from {@link ItemRandom#current()}, so the
 * same seed flips the same items whatever the thread.
 */
public class RandomHorizontalFlip implements Transform {

    private final double probability;

    /** Creates a flip that mirrors half of the images. */
    public RandomHorizontalFlip() {
        this(0.5);
    }

    /**
     * Creates a flip that mirrors an image with {@code probability}.
     *
     * @param probability the chance of mirroring, in [0, 1]
     */
    public RandomHorizontalFlip(double probability) {
        if (!(probability >= 0 && probability <= 1)) {
            throw new IllegalArgumentException("probability not in [0, 1]: " + probability);
        }
        this.probability = probability;
    }

    /**
     * Returns {@code array} mirrored along its width axis, or {@code array} itself.
     *
     * @param array an (H, W, C) image
     * @return the mirrored image (a new array), or the input
     */
    @Override
    public NDArray transform(NDArray array) {
        CropBox.heightWidth(array);
        return mirrors() ? array.flip(1) : array;
    }

    /** Draws whether the current item is mirrored, from {@link ItemRandom#current()}. */
    boolean mirrors() {
        return ItemRandom.current().nextDouble() < probability;
    }
}
