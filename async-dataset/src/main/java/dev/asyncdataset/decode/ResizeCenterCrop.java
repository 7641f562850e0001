package dev.asyncdataset.decode;

import ai.djl.ndarray.NDArray;
import ai.djl.translate.Transform;

/**
 * The evaluation geometry: resize the shorter side of an HWC image to {@code resize}, then cut the
 * central {@code crop} x {@code crop} square (torchvision's {@code Resize(256)} followed by {@code
 * CenterCrop(224)}). Both steps run as one uint8 resize of the matching source region, so the
 * pixels outside the crop are never resized.
 */
public class ResizeCenterCrop implements Transform {

    private final int resize;
    private final int crop;

    /**
     * Creates the transform.
     *
     * @param resize the length of the shorter side after resizing
     * @param crop the side of the square kept from the center, at most {@code resize}
     */
    public ResizeCenterCrop(int resize, int crop) {
        if (crop < 1) {
            throw new IllegalArgumentException("crop < 1: " + crop);
        }
        if (resize < crop) {
            throw new IllegalArgumentException("resize < crop: " + resize + " < " + crop);
        }
        this.resize = resize;
        this.crop = crop;
    }

    /**
     * Resizes and crops {@code array}.
     *
     * @param array an (H, W, C) image
     * @return the (crop, crop, C) center, of the same type
     */
    @Override
    public NDArray transform(NDArray array) {
        int[] hw = CropBox.heightWidth(array);
        return box(hw[0], hw[1]).cropResize(array, crop, crop);
    }

    /** The source region that becomes the output, for an image of (imageHeight, imageWidth). */
    CropBox box(int imageHeight, int imageWidth) {
        double sourcePerOutput = (double) Math.min(imageHeight, imageWidth) / resize;
        int side = Math.max(1, (int) Math.round(crop * sourcePerOutput));
        int h = Math.min(side, imageHeight);
        int w = Math.min(side, imageWidth);
        return new CropBox((imageWidth - w) / 2, (imageHeight - h) / 2, w, h);
    }
}
