package dev.asyncdataset.examples.samples;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.training.dataset.Record;
import ai.djl.training.loss.Loss;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.SampleDecoder;
import java.io.IOException;

/**
 * Regression on NumPy feature vectors: samples of {@code features.npy} (a float32 vector) and
 * {@code target.npy} (a float32 value), read with {@link Parts#npy}, train a small MLP with the L2
 * loss. Options: {@code --data DIR} (default: generate {@link FeatureData} into {@code
 * data/samples/features}), {@code --storage folder|shards|s3} (default {@code s3}: the files are
 * uploaded to an embedded S3 server and read from there, see {@link SampleStorage}), {@code
 * --epochs N}.
 */
public final class TrainFeatureRegression {

    /** Features as data, the target as label, both arrays as saved. */
    public static final SampleDecoder DECODER =
            (manager, sample) ->
                    new Record(
                            new NDList(Parts.npy(manager, sample, "features.npy")),
                            new NDList(Parts.npy(manager, sample, "target.npy")));

    /** Samples per batch. */
    public static final int BATCH = 32;

    private TrainFeatureRegression() {}

    /**
     * Trains on the generated set, or on {@code --data}, from {@code --storage}, and prints the
     * loss per epoch.
     *
     * @param args {@code --data DIR --storage folder|shards|s3 --epochs N}
     * @throws Exception if the samples cannot be written, read or trained on
     */
    public static void main(String[] args) throws Exception {
        SampleMain.run(
                args,
                "features",
                "s3",
                10,
                root -> FeatureData.write(root, 1024, 0),
                TrainFeatureRegression::train);
    }

    /**
     * Returns the dataset of the samples: batches of {@link #BATCH}, shuffled.
     *
     * @param samples where the samples are
     * @return the dataset
     * @throws IOException if the samples cannot be listed
     */
    public static ConcurrentDataset dataset(SampleSources samples) throws IOException {
        return SampleTraining.dataset(samples, DECODER, BATCH).build();
    }

    /**
     * Trains a two-layer perceptron on the samples with the L2 loss and Adam.
     *
     * @param samples where the samples are
     * @param epochs how many epochs
     * @return the loss per epoch
     * @throws IOException if the samples cannot be read
     * @throws TranslateException if a batch cannot be made
     */
    public static EpochCurves train(SampleSources samples, int epochs)
            throws IOException, TranslateException {
        SequentialBlock mlp =
                new SequentialBlock()
                        .add(Linear.builder().setUnits(32).build())
                        .add(Activation::relu)
                        .add(Linear.builder().setUnits(1).build());
        return SampleTraining.fit(
                mlp,
                SampleTraining.adam(Loss.l2Loss(), 0.01f),
                dataset(samples),
                epochs,
                new Shape(BATCH, FeatureData.FEATURES));
    }
}
