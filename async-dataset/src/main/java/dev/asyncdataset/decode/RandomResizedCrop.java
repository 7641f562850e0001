package dev.asyncdataset.decode;

import ai.djl.ndarray.NDArray;
import ai.djl.translate.Transform;
import java.util.Random;

/**
 * Crops a random region of an HWC image and resizes it to a fixed size, with torchvision's
 * semantics: up to 10 draws of an area fraction in [minScale, maxScale] and a log-uniform aspect
 * ratio in [minRatio, maxRatio]; if none fits, a center crop clamped to the ratio range.
 *
 * <p>Unlike DJL's {@code RandomResizedCrop}, the random choices come from {@link
 * ItemRandom#current()} (the same seed gives the same crops whatever the thread), and a uint8 image
 * is cropped and resized as uint8, before any float conversion.
 */
public class RandomResizedCrop implements Transform {

    private static final int ATTEMPTS = 10;

    private final int width;
    private final int height;
    private final double minScale;
    private final double maxScale;
    private final double minLogRatio;
    private final double maxLogRatio;

    /**
     * Creates a crop to (height, width) with ImageNet's defaults: scale 0.08 to 1, ratio 3/4 to
     * 4/3.
     *
     * @param width the output width
     * @param height the output height
     */
    public RandomResizedCrop(int width, int height) {
        this(width, height, 0.08, 1, 3.0 / 4, 4.0 / 3);
    }

    /**
     * Creates a crop to (height, width).
     *
     * @param width the output width
     * @param height the output height
     * @param minScale the smallest fraction of the image area to crop
     * @param maxScale the largest fraction of the image area to crop
     * @param minRatio the smallest width / height ratio of the crop
     * @param maxRatio the largest width / height ratio of the crop
     */
    public RandomResizedCrop(
            int width,
            int height,
            double minScale,
            double maxScale,
            double minRatio,
            double maxRatio) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("size < 1: " + width + "x" + height);
        }
        if (!(0 < minScale && minScale <= maxScale && maxScale <= 1)) {
            throw new IllegalArgumentException(
                    "scale not in (0, 1]: " + minScale + ".." + maxScale);
        }
        if (!(0 < minRatio && minRatio <= maxRatio)) {
            throw new IllegalArgumentException("bad ratio range: " + minRatio + ".." + maxRatio);
        }
        this.width = width;
        this.height = height;
        this.minScale = minScale;
        this.maxScale = maxScale;
        this.minLogRatio = Math.log(minRatio);
        this.maxLogRatio = Math.log(maxRatio);
    }

    /**
     * Crops and resizes {@code array}, an (H, W, C) image.
     *
     * @param array the image
     * @return the (height, width, C) crop, of the same type
     */
    @Override
    public NDArray transform(NDArray array) {
        int[] hw = CropBox.heightWidth(array);
        return box(hw[0], hw[1], ItemRandom.current()).cropResize(array, width, height);
    }

    CropBox box(int imageHeight, int imageWidth, Random random) {
        double area = (double) imageHeight * imageWidth;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            double target = area * uniform(random, minScale, maxScale);
            double ratio = Math.exp(uniform(random, minLogRatio, maxLogRatio));
            int w = (int) Math.round(Math.sqrt(target * ratio));
            int h = (int) Math.round(Math.sqrt(target / ratio));
            if (0 < w && w <= imageWidth && 0 < h && h <= imageHeight) {
                int y = random.nextInt(imageHeight - h + 1);
                int x = random.nextInt(imageWidth - w + 1);
                return new CropBox(x, y, w, h);
            }
        }
        return centerFallback(imageHeight, imageWidth);
    }

    private CropBox centerFallback(int imageHeight, int imageWidth) {
        double ratio = (double) imageWidth / imageHeight;
        int w = imageWidth;
        int h = imageHeight;
        if (ratio < Math.exp(minLogRatio)) {
            h = (int) Math.round(w / Math.exp(minLogRatio));
        } else if (ratio > Math.exp(maxLogRatio)) {
            w = (int) Math.round(h * Math.exp(maxLogRatio));
        }
        return new CropBox((imageWidth - w) / 2, (imageHeight - h) / 2, w, h);
    }

    private static double uniform(Random random, double low, double high) {
        return low + random.nextDouble() * (high - low);
    }
}
