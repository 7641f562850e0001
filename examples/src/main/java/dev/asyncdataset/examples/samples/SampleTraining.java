package dev.asyncdataset.examples.samples;

import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.metric.Metrics;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.EasyTrain;
import ai.djl.training.Trainer;
import ai.djl.training.listener.TrainingListener;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import java.io.IOException;

/**
 * The path every sample example trains along, the way a DJL user trains: a {@link
 * ConcurrentDataset} of shuffled batches of its samples ({@link #dataset}), Adam at a fixed
 * learning rate ({@link #adam}), and a {@link Trainer} with DJL's logging listeners run by {@link
 * EasyTrain#fit}, unchanged ({@link #fit}). The engine's random seed is fixed, so the initial
 * weights, like the loader's order, are the same on every run.
 */
public final class SampleTraining {

    private static final int SEED = 0;

    private SampleTraining() {}

    /**
     * Starts the dataset of an example: the samples decoded by {@code decoder}, in shuffled batches
     * of {@code batchSize}; the example adds its pipeline and batchifiers, then builds it.
     *
     * @param samples where the samples are
     * @param decoder what makes a record of a sample
     * @param batchSize samples per batch
     * @return the builder
     * @throws IOException if the samples cannot be listed
     */
    public static ConcurrentDatasetBuilder dataset(
            SampleSources samples, SampleDecoder decoder, int batchSize) throws IOException {
        return ConcurrentDataset.builder()
                .setSource(samples.open(decoder))
                .setSampling(batchSize, true);
    }

    /**
     * Returns the training configuration of an example: {@code loss}, minimized by Adam at a fixed
     * learning rate; the example adds its evaluators.
     *
     * @param loss the loss
     * @param learningRate Adam's learning rate
     * @return the configuration
     */
    public static DefaultTrainingConfig adam(Loss loss, float learningRate) {
        return new DefaultTrainingConfig(loss)
                .optOptimizer(
                        Optimizer.adam()
                                .optLearningRateTracker(Tracker.fixed(learningRate))
                                .build());
    }

    /**
     * Trains {@code block} for {@code epochs} epochs of {@code data}.
     *
     * @param block the model's block, not yet initialized
     * @param config the loss, evaluators and optimizer; DJL's logging listeners are added
     * @param data the training data; its source is closed on return
     * @param epochs how many epochs
     * @param inputShapes the shapes of one batch's data arrays, to initialize the block
     * @return the loss and evaluators at the end of each epoch
     * @throws IOException if the data cannot be read
     * @throws TranslateException if a batch cannot be made
     */
    public static EpochCurves fit(
            Block block,
            DefaultTrainingConfig config,
            ConcurrentDataset data,
            int epochs,
            Shape... inputShapes)
            throws IOException, TranslateException {
        config.addTrainingListeners(TrainingListener.Defaults.logging());
        try (ItemSource<?> source = data.getSource();
                Model model = Model.newInstance("samples")) {
            model.setBlock(block);
            Engine.getInstance().setRandomSeed(SEED);
            try (Trainer trainer = model.newTrainer(config)) {
                Metrics metrics = new Metrics();
                trainer.setMetrics(metrics);
                trainer.initialize(inputShapes);
                EasyTrain.fit(trainer, epochs, data, null);
                return EpochCurves.of(trainer, metrics);
            }
        }
    }
}
