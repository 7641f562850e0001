package dev.asyncdataset.examples;

import ai.djl.Device;
import ai.djl.training.dataset.RandomAccessDataset;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.store.Stores;
import java.nio.file.Path;

/**
 * The training and validation splits of a run, read through the same storage choice (folder, {@code
 * s3://} prefix, tar shards or Parquet, the same {@code --format}) and the same loader.
 *
 * @param train the training split
 * @param val the validation split, or {@code null} without validation
 */
record Splits(TrainingData train, TrainingData val) implements AutoCloseable {

    /**
     * Opens the splits of {@code recipe}; the training split resumes where {@code start} left it.
     */
    static Splits open(
            TrainingSettings settings,
            RecipeSettings recipe,
            S3Connection connection,
            Device device,
            TrainingCheckpoint start)
            throws Exception {
        DataRole role = DataRole.training(start == null ? null : start.loader());
        TrainingData train =
                TrainingData.open(settings.withData(recipe.train()), connection, device, role);
        if (recipe.val().isEmpty()) {
            return new Splits(train, null);
        }
        try {
            Path labels = labels(settings.withData(recipe.val()), recipe);
            TrainingData val =
                    TrainingData.open(
                            settings.withData(recipe.val()).withClasses(train.classes()),
                            connection,
                            device,
                            DataRole.validation(labels));
            if (val.classes() != train.classes()) {
                val.close();
                throw new IllegalArgumentException(
                        recipe.val()
                                + " has "
                                + val.classes()
                                + " classes, the training split "
                                + train.classes());
            }
            return new Splits(train, val);
        } catch (Exception e) {
            train.close();
            throw e;
        }
    }

    /** The validation manifest; only flat images in a store read by ConcurrentDataset take one. */
    private static Path labels(TrainingSettings val, RecipeSettings recipe) throws Exception {
        if (recipe.valLabels().isEmpty()) {
            return null;
        }
        boolean s3Images =
                !Stores.scheme(val.data()).equals(Stores.FILE)
                        && !ShardData.isShards(val)
                        && !ParquetData.isParquet(val);
        if (!s3Images || !val.loader().equals("concurrent")) {
            throw new IllegalArgumentException(
                    "--val-labels needs a prefix of images in a store (s3://, az://) and --loader"
                            + " concurrent; sort a"
                            + " folder into class folders instead (examples/README.md): "
                            + val.data());
        }
        return Path.of(recipe.valLabels());
    }

    /** The number of classes. */
    int classes() {
        return train.classes();
    }

    /** The validation dataset, or {@code null}. */
    RandomAccessDataset valDataset() {
        return val == null ? null : val.dataset();
    }

    /** The optimizer steps of one epoch, for the learning-rate schedule. */
    int stepsPerEpoch(TrainingSettings settings) throws Exception {
        RandomAccessDataset dataset = train.dataset();
        dataset.prepare();
        int steps = Math.toIntExact(Math.ceilDiv(dataset.size(), (long) settings.batchSize()));
        return settings.maxSteps() > 0 ? Math.min(steps, settings.maxSteps()) : steps;
    }

    /** The key of training item {@code index}: its path or shard member, for the step log. */
    String key(long index) {
        return train.dataset() instanceof ConcurrentDataset loader
                ? loader.getSource().describe(index)
                : Long.toString(index);
    }

    @Override
    public void close() throws Exception {
        try {
            if (val != null) {
                val.close();
            }
        } finally {
            train.close();
        }
    }
}
