package dev.asyncdataset.examples;

import ai.djl.Device;
import ai.djl.basicdataset.cv.classification.ImageFolder;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.Pipeline;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.examples.s3.S3ImageDataset;
import dev.asyncdataset.source.ImageFolderSource;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.S3Location;
import dev.asyncdataset.source.S3Source;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The training set of one run, built for the chosen loader from a folder or an S3 prefix of images,
 * or from tar shards ({@link ShardData}), with the same augmentation every way: random resized crop
 * and flip on uint8 images, then the ImageNet normalization (once per batch on the device for
 * ConcurrentDataset, per item on the CPU for DJL's loader, which has no per-batch stage).
 *
 * @param dataset the dataset to pass to {@code EasyTrain.fit}
 * @param classes the number of classes
 * @param resource what to close after training (an S3 client), or a no-op
 */
public record TrainingData(RandomAccessDataset dataset, int classes, AutoCloseable resource)
        implements AutoCloseable {

    /**
     * Builds the training set of {@code settings}.
     *
     * @param settings the run's settings
     * @param connection how to reach S3, used for {@code s3://} data only
     * @param device where ConcurrentDataset stages batches
     * @return the training data; the caller closes it
     * @throws IOException if the data cannot be listed or a shard cannot be read
     * @throws TranslateException if DJL's ImageFolder cannot be prepared
     */
    public static TrainingData open(
            TrainingSettings settings, S3Connection connection, Device device)
            throws IOException, TranslateException {
        if (ShardData.isShards(settings)) {
            return ShardData.open(settings, connection, device);
        }
        boolean s3 = S3Location.isS3(settings.data());
        if (settings.loader().equals("djl")) {
            return s3 ? djlS3(settings, connection) : djlFolder(settings);
        }
        if (s3) {
            S3Source source = connection.source(settings.data(), settings.maxFetchers());
            return new TrainingData(
                    concurrent(settings, source, device), source.getClasses().size(), source);
        }
        ImageFolderSource source = ImageFolderSource.of(Path.of(settings.data()));
        return new TrainingData(
                concurrent(settings, source, device), source.getClasses().size(), source);
    }

    /** Closes the resource. */
    @Override
    public void close() throws Exception {
        resource.close();
    }

    /**
     * Builds ConcurrentDataset over {@code source} with the settings and the training recipe.
     *
     * @param settings the run's settings
     * @param source where the items come from
     * @param device where batches are staged
     * @return the dataset
     */
    public static ConcurrentDataset concurrent(
            TrainingSettings settings, ItemSource<?> source, Device device) {
        ConcurrentDataset.Builder builder =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(settings.batchSize(), true)
                        .optPipeline(ImageRecipes.training(settings.imageSize()))
                        .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                        .optWorkers(settings.workers())
                        .optStagingDepth(settings.stagingDepth())
                        .optDecodeThreads(settings.decodeThreads())
                        .optSeed(settings.seed())
                        .optRecycleBuffers(settings.recycleBuffers())
                        .optDevice(device);
        if (settings.fetchers() > 0) {
            builder.optFetchers(settings.fetchers());
        }
        return builder.build();
    }

    private static TrainingData djlFolder(TrainingSettings settings)
            throws IOException, TranslateException {
        ImageFolder folder =
                ImageFolder.builder()
                        .setRepositoryPath(Path.of(settings.data()))
                        .optPipeline(cpuPipeline(settings))
                        .setSampling(settings.batchSize(), true)
                        .optPrefetchNumber(djlPrefetch(settings))
                        .build();
        folder.prepare();
        return new TrainingData(folder, folder.getSynset().size(), () -> {});
    }

    private static TrainingData djlS3(TrainingSettings settings, S3Connection connection) {
        S3ImageDataset dataset =
                S3ImageDataset.builder()
                        .setLocation(connection, settings.data())
                        .optPipeline(cpuPipeline(settings))
                        .setSampling(settings.batchSize(), true)
                        .optPrefetchNumber(djlPrefetch(settings))
                        .build();
        return new TrainingData(dataset, dataset.getClasses().size(), dataset);
    }

    /** DJL prefetches only with an executor: as many batches as it has threads. */
    private static int djlPrefetch(TrainingSettings settings) {
        return Math.max(1, settings.djlThreads());
    }

    private static Pipeline cpuPipeline(TrainingSettings settings) {
        return ImageRecipes.training(settings.imageSize()).add(ImageRecipes.cpuNormalize());
    }
}
