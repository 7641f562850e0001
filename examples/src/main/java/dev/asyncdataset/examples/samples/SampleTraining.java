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
import ai.djl.translate.TranslateException;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.source.ItemSource;
import java.io.IOException;

/**
 * Trains a block on a dataset the way a DJL user does: a {@link Trainer} from a {@link
 * DefaultTrainingConfig} with DJL's logging listeners, and {@link EasyTrain#fit}, unchanged; the
 * dataset given to it is a {@link ConcurrentDataset} over samples, whose source is closed when the
 * training ends. The engine's random seed is fixed, so the initial weights, like the loader's
 * order, are the same on every run.
 */
public final class SampleTraining {

    private static final int SEED = 0;

    private SampleTraining() {}

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
