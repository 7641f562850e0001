package dev.asyncdataset.examples;

import ai.djl.Device;
import ai.djl.basicdataset.cv.classification.ImageFolder;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.Pipeline;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.examples.s3.S3ImageDataset;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.Stores;
import java.io.IOException;
import java.nio.file.Path;

/**
 * One split of a run, built for the chosen loader from a folder or an S3 prefix of images (or, for
 * ConcurrentDataset, a location of any store of the table, such as {@code az://}), or from tar
 * shards ({@link ShardData}) or Parquet ({@link ParquetData}), with the same recipe every way: for
 * training random resized crop and flip, for validation resize and centre crop ({@link DataRole}),
 * on uint8 images, then the ImageNet normalization (once per batch on the device for
 * ConcurrentDataset, per item on the CPU for DJL's loader, which has no per-batch stage).
 *
 * @param dataset the dataset to pass to {@code EasyTrain.fit}
 * @param classes the number of classes
 * @param resource what to close after training (an S3 client), or a no-op
 */
public record TrainingData(RandomAccessDataset dataset, int classes, AutoCloseable resource)
        implements AutoCloseable {

    /** The evaluation resize over the crop, 256 / 224 as for ImageNet. */
    private static final float EVAL_RESIZE = 256f / 224;

    /**
     * Builds the training set of {@code settings}.
     *
     * @param settings the run's settings
     * @param connection how to reach S3, and the retry budget and timeouts of any remote store
     * @param device where ConcurrentDataset stages batches
     * @return the training data; the caller closes it
     * @throws IOException if the data cannot be listed or a shard cannot be read
     * @throws TranslateException if DJL's ImageFolder cannot be prepared
     */
    public static TrainingData open(
            TrainingSettings settings, S3Connection connection, Device device)
            throws IOException, TranslateException {
        return open(settings, connection, device, DataRole.TRAINING);
    }

    /**
     * Builds the split at {@code settings.data()} for {@code role}.
     *
     * @param settings the run's settings, {@code data} naming the split
     * @param connection how to reach S3, and the retry budget and timeouts of any remote store
     * @param device where ConcurrentDataset stages batches
     * @param role what the split is read for
     * @return the split; the caller closes it
     * @throws IOException if the data cannot be listed or a shard cannot be read
     * @throws TranslateException if DJL's ImageFolder cannot be prepared
     */
    public static TrainingData open(
            TrainingSettings settings, S3Connection connection, Device device, DataRole role)
            throws IOException, TranslateException {
        if (ShardData.isShards(settings)) {
            return ShardData.open(settings, connection, device, role);
        }
        if (ParquetData.isParquet(settings)) {
            return ParquetData.open(settings, connection, device, role);
        }
        boolean remote = !Stores.scheme(settings.data()).equals(Stores.FILE);
        if (settings.loader().equals("djl")) {
            return remote ? djlS3(settings, connection, role) : djlFolder(settings, role);
        }
        if (remote) {
            return stored(settings, connection, device, role);
        }
        LabeledImageSource source =
                FolderSource.builder().setLocation(Path.of(settings.data()).toString()).build();
        return new TrainingData(
                concurrent(settings, source, device, role), source.getClasses().size(), source);
    }

    /**
     * Images under a location of any remote store of the table ({@code s3://}, {@code az://},
     * {@code https://} with a manifest, a registered scheme), read with the connection's S3
     * settings, retry budget and timeouts.
     */
    private static TrainingData stored(
            TrainingSettings settings, S3Connection connection, Device device, DataRole role)
            throws IOException {
        FolderSource builder =
                FolderSource.builder()
                        .setLocation(settings.data())
                        .optStore(connection.options(settings.maxFetchers()).build());
        if (role.labels() != null) {
            builder.optManifest(role.labels().toString());
        }
        LabeledImageSource source = builder.build();
        int classes;
        try {
            classes = source.getClasses().size();
        } catch (IllegalArgumentException e) {
            source.close();
            if (!settings.format().equals("auto")) {
                throw e;
            }
            return notImages(settings, connection, device, role, e);
        }
        return new TrainingData(concurrent(settings, source, device, role), classes, source);
    }

    /**
     * A store's prefix without class folders under {@code --format auto}: its tar shards if it
     * holds any, else its Parquet files if it holds any, else {@code noImages} saying so.
     */
    private static TrainingData notImages(
            TrainingSettings settings,
            S3Connection connection,
            Device device,
            DataRole role,
            IllegalArgumentException noImages)
            throws IOException {
        LabeledImageSource found;
        try {
            found = ShardData.source(settings, connection);
        } catch (IllegalArgumentException noShards) {
            noImages.addSuppressed(noShards);
            try {
                found = ParquetData.source(settings, connection);
            } catch (IllegalArgumentException noParquet) {
                noImages.addSuppressed(noParquet);
                found = null;
            }
        }
        if (found != null) {
            return of(settings, found, device, role);
        }
        throw new IllegalArgumentException(
                noImages.getMessage()
                        + ", nor .tar shards or .parquet files (--format auto looked for each)",
                noImages);
    }

    /** The split of {@code source}, with the classes {@link ClassCount} tells. */
    static TrainingData of(
            TrainingSettings settings, LabeledImageSource source, Device device, DataRole role) {
        int classes = ClassCount.of(settings, source);
        return new TrainingData(concurrent(settings, source, device, role), classes, source);
    }

    /** Closes the resource. */
    @Override
    public void close() throws Exception {
        resource.close();
    }

    /**
     * Builds ConcurrentDataset over {@code source} with the settings and the recipe of {@code
     * role}.
     *
     * @param settings the run's settings
     * @param source where the items come from
     * @param device where batches are staged
     * @param role what the split is read for
     * @return the dataset
     */
    public static ConcurrentDataset concurrent(
            TrainingSettings settings, ItemSource<?> source, Device device, DataRole role) {
        ConcurrentDatasetBuilder builder =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(settings.batchSize(), !role.validation())
                        .optPipeline(recipe(settings, role))
                        .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                        .optPrefetchNumber(settings.workers())
                        .optStagingDepth(settings.stagingDepth())
                        .optDecodeThreads(settings.decodeThreads())
                        .optSeed(settings.seed())
                        .optRecycleBuffers(settings.recycleBuffers())
                        .optDevice(device);
        if (settings.fetchers() > 0) {
            builder.optFetchers(settings.fetchers());
        }
        if (settings.randomAccess()) {
            builder.optRandomAccess();
        }
        if (role.resume() != null) {
            builder.optResumeFrom(role.resume());
        }
        return builder.build();
    }

    /** The uint8 item recipe: the training augmentation, or the evaluation geometry. */
    private static Pipeline recipe(TrainingSettings settings, DataRole role) {
        int size = settings.imageSize();
        return role.validation()
                ? ImageRecipes.evaluation(Math.round(size * EVAL_RESIZE), size)
                : ImageRecipes.training(size);
    }

    private static TrainingData djlFolder(TrainingSettings settings, DataRole role)
            throws IOException, TranslateException {
        ImageFolder folder =
                ImageFolder.builder()
                        .setRepositoryPath(Path.of(settings.data()))
                        .optPipeline(cpuPipeline(settings, role))
                        .setSampling(settings.batchSize(), !role.validation())
                        .optPrefetchNumber(djlPrefetch(settings))
                        .build();
        folder.prepare();
        return new TrainingData(folder, folder.getSynset().size(), () -> {});
    }

    private static TrainingData djlS3(
            TrainingSettings settings, S3Connection connection, DataRole role) {
        S3ImageDataset dataset =
                S3ImageDataset.builder()
                        .setLocation(connection, settings.data())
                        .optPipeline(cpuPipeline(settings, role))
                        .setSampling(settings.batchSize(), !role.validation())
                        .optPrefetchNumber(djlPrefetch(settings))
                        .build();
        return new TrainingData(dataset, dataset.getClasses().size(), dataset);
    }

    /** DJL prefetches only with an executor: as many batches as it has threads. */
    private static int djlPrefetch(TrainingSettings settings) {
        return Math.max(1, settings.djlThreads());
    }

    private static Pipeline cpuPipeline(TrainingSettings settings, DataRole role) {
        return recipe(settings, role).add(ImageRecipes.cpuNormalize());
    }
}
