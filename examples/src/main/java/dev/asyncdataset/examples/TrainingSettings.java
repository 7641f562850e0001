package dev.asyncdataset.examples;

import java.util.Map;

/**
 * What one ResNet-18 training run needs, from the command line.
 *
 * @param data the data: a local folder or an {@code s3://bucket/prefix} of images in ImageFolder
 *     layout ({@code class/image.jpg}) or of WebDataset tar shards
 * @param format {@code images}, {@code shards}, {@code parquet}, or {@code auto}: shards if {@code
 *     data} is a local folder holding {@code .tar} files, Parquet if it holds {@code .parquet}
 *     files, images otherwise
 * @param endpoint the S3 endpoint override, empty for AWS
 * @param loader {@code concurrent} (ConcurrentDataset) or {@code djl} (DJL's own loader)
 * @param epochs the number of epochs
 * @param batchSize the batch size
 * @param imageSize the side of the square training crops
 * @param maxSteps the most batches per epoch, 0 for whole epochs
 * @param fetchers ConcurrentDataset: the most item reads in flight, or 0 for AUTO
 * @param workers ConcurrentDataset: the most batches in flight
 * @param stagingDepth ConcurrentDataset: the batches kept ready on the device
 * @param decodeThreads ConcurrentDataset: the threads that decode and augment
 * @param djlThreads DJL's loader: the executor's threads, also its batches prefetched; 0 for no
 *     executor (batches are loaded on the trainer's thread)
 * @param gpus the GPUs to train on: -1 for all there are, 0 for the CPU
 * @param seed the random seed of the model, the sampler and the augmentation
 * @param recycleBuffers ConcurrentDataset: decode into recycled host batch buffers where it can
 *     ({@code optRecycleBuffers}); {@code false} keeps the per-item path, for comparison
 * @param randomAccess ConcurrentDataset: read tar shards or Parquet by random access ({@code
 *     optRandomAccess}) instead of streamed, for comparison
 * @param classes the number of classes of shards or Parquet without class names, or 0 to count them
 *     from the labels ({@link ClassCount})
 */
public record TrainingSettings(
        String data,
        String format,
        String endpoint,
        String loader,
        int epochs,
        int batchSize,
        int imageSize,
        int maxSteps,
        int fetchers,
        int workers,
        int stagingDepth,
        int decodeThreads,
        int djlThreads,
        int gpus,
        int seed,
        boolean recycleBuffers,
        boolean randomAccess,
        int classes) {

    private static final int AUTO_MAX_FETCHERS = 256;

    /**
     * Returns the training options and their defaults (names without dashes).
     *
     * @return a new ordered map of option to default
     */
    public static Map<String, String> defaults() {
        return Options.defaults(
                """
                --data data/imagenet-like  --format auto  --endpoint ''  --loader concurrent
                --epochs 2  --batch-size 32  --image-size 64  --max-steps 0
                --fetchers auto  --workers 4  --staging-depth 2  --decode-threads %d
                --djl-threads 0  --gpus -1  --seed 0  --recycle-buffers true  --random-access false
                --classes 0
                """
                        .formatted(Runtime.getRuntime().availableProcessors()));
    }

    /**
     * Reads the settings from parsed options that include {@link #defaults()}.
     *
     * @param options the options
     * @return the settings
     * @throws IllegalArgumentException if {@code --loader} is neither concurrent nor djl, {@code
     *     --format} is not auto, images, shards or parquet, or a value is not of its option's type
     */
    public static TrainingSettings from(Options options) {
        return new TrainingSettings(
                options.text("data"),
                options.choice("format", "auto", "images", "shards", "parquet"),
                options.text("endpoint"),
                options.choice("loader", "concurrent", "djl"),
                options.integer("epochs"),
                options.integer("batch-size"),
                options.integer("image-size"),
                options.integer("max-steps"),
                options.integerOr("fetchers", "auto", 0),
                options.integer("workers"),
                options.integer("staging-depth"),
                options.integer("decode-threads"),
                options.integer("djl-threads"),
                options.integer("gpus"),
                options.integer("seed"),
                options.flag("recycle-buffers"),
                options.flag("random-access"),
                options.integer("classes"));
    }

    /**
     * Returns these settings with other data, such as one split of a data set.
     *
     * @param other the data
     * @return the settings
     */
    public TrainingSettings withData(String other) {
        return with(other, classes);
    }

    /**
     * Returns these settings with a number of classes, such as the training split's for the
     * validation split.
     *
     * @param count the number of classes, or 0 to take it from the data
     * @return the settings
     */
    public TrainingSettings withClasses(int count) {
        return with(data, count);
    }

    private TrainingSettings with(String otherData, int count) {
        return new TrainingSettings(
                otherData,
                format,
                endpoint,
                loader,
                epochs,
                batchSize,
                imageSize,
                maxSteps,
                fetchers,
                workers,
                stagingDepth,
                decodeThreads,
                djlThreads,
                gpus,
                seed,
                recycleBuffers,
                randomAccess,
                count);
    }

    /**
     * Returns the most item reads in flight: the fixed number, or AUTO's bound.
     *
     * @return at least 1
     */
    public int maxFetchers() {
        return fetchers > 0 ? fetchers : AUTO_MAX_FETCHERS;
    }
}
