package dev.asyncdataset.decode;

import ai.djl.modality.cv.util.NDImageUtils;
import ai.djl.ndarray.NDArray;
import ai.djl.translate.Pipeline;
import ai.djl.translate.Transform;

/**
 * Ready-made ImageNet recipes. The item pipelines keep images as HWC uint8 (crop, resize and flip
 * on bytes, the cheapest form); the float conversion and the ImageNet normalization then run once
 * per batch on the device ({@link #deviceNormalize()}), or per item on the CPU for loaders without
 * a device pipeline ({@link #cpuNormalize()}). See {@code docs/decoding.md}.
 *
 * <p>A {@code ConcurrentDataset} over an image source ({@code FolderSource}, {@code
 * TarShardSource}, {@code ParquetSource}) whose item pipeline is {@link #training} or {@link
 * #evaluation}, with nothing added to it, decodes each item straight into its row of a recycled
 * host batch buffer: no array per item and no stacking copy. Any other pipeline, such as one ending
 * in {@link #cpuNormalize()}, runs per item.
 *
 * <pre>{@code
 * ConcurrentDataset.builder()
 *         .optPipeline(ImageRecipes.training(224))
 *         .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
 * }</pre>
 */
public final class ImageRecipes {

    private static final float[] IMAGENET_MEAN = {0.485f, 0.456f, 0.406f};
    private static final float[] IMAGENET_STD = {0.229f, 0.224f, 0.225f};

    private ImageRecipes() {}

    /**
     * The training augmentation: random resized crop to {@code size} x {@code size} and random
     * horizontal flip; (H, W, 3) uint8 in, (size, size, 3) uint8 out.
     *
     * @param size the side of the output square
     * @return a new pipeline
     */
    public static Pipeline training(int size) {
        RandomResizedCrop crop = new RandomResizedCrop(size, size);
        RandomHorizontalFlip flip = new RandomHorizontalFlip();
        return new RecipePipeline(
                (h, w) -> crop.box(h, w, ItemRandom.current()), size, size, flip, crop, flip);
    }

    /**
     * The evaluation geometry: shorter side to {@code resize}, central {@code crop} square; (H, W,
     * 3) uint8 in, (crop, crop, 3) uint8 out.
     *
     * @param resize the shorter side after resizing, usually 256
     * @param crop the side of the output square, usually 224
     * @return a new pipeline
     */
    public static Pipeline evaluation(int resize, int crop) {
        ResizeCenterCrop center = new ResizeCenterCrop(resize, crop);
        return new RecipePipeline(center::box, crop, crop, null, center);
    }

    /**
     * Returns the ImageNet per-channel mean (RGB, in [0, 1]), for DJL's {@code Normalize}.
     *
     * @return a new array {0.485, 0.456, 0.406}
     */
    public static float[] imagenetMean() {
        return IMAGENET_MEAN.clone();
    }

    /**
     * Returns the ImageNet per-channel standard deviation (RGB, in [0, 1]).
     *
     * @return a new array {0.229, 0.224, 0.225}
     */
    public static float[] imagenetStd() {
        return IMAGENET_STD.clone();
    }

    /**
     * The per-batch ImageNet normalization for {@code optDevicePipeline}: a uint8 (N, H, W, 3)
     * batch becomes normalized float32 (N, 3, H, W) on the batch's device. As the whole device
     * pipeline of a loader that writes recycled rows to a CPU device, it runs on each collated
     * batch instead, on a decode thread, with the same numbers.
     *
     * @return the transform
     */
    public static Transform deviceNormalize() {
        return new DeviceNormalize(IMAGENET_MEAN, IMAGENET_STD);
    }

    /**
     * The per-item ImageNet normalization (DJL's {@code ToTensor} then {@code Normalize}): a uint8
     * (H, W, 3) image becomes normalized float32 (3, H, W). Use it at the end of an item pipeline
     * when the loader has no device pipeline.
     *
     * @return the transform
     */
    public static Transform cpuNormalize() {
        return ImageRecipes::toNormalizedTensor;
    }

    private static NDArray toNormalizedTensor(NDArray image) {
        try (NDArray tensor = NDImageUtils.toTensor(image)) {
            return NDImageUtils.normalize(tensor, IMAGENET_MEAN, IMAGENET_STD);
        }
    }
}
