package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.Model;
import ai.djl.engine.Engine;
import ai.djl.metric.Metric;
import ai.djl.metric.Metrics;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.Blocks;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.EasyTrain;
import ai.djl.training.Trainer;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.listener.EvaluatorTrainingListener;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Unmodified EasyTrain.fit on a small MLP: the same seed gives the same losses as ArrayDataset. */
@Timeout(300)
class EasyTrainTest {

    private static final int SEED = 1234;
    private static final int EPOCHS = 3;

    @ParameterizedTest(name = "executor={0}")
    @ValueSource(booleans = {false, true})
    void fitGivesTheSameEpochLossesAsArrayDataset(boolean executor) throws Exception {
        float[] expected =
                train(
                        executor,
                        (b) ->
                                new ArrayDataset.Builder()
                                        .setData(b[0])
                                        .optLabels(b[1])
                                        .setSampling(32, true)
                                        .build());
        float[] actual =
                train(
                        executor,
                        (b) ->
                                ConcurrentDataset.builder()
                                        .setData(b[0])
                                        .optLabels(b[1])
                                        .setSampling(32, true)
                                        .optFetchers(16)
                                        .build());
        for (int epoch = 0; epoch < EPOCHS; epoch++) {
            assertEquals(expected[epoch], actual[epoch], 1e-5f, "epoch " + epoch);
        }
    }

    @Test
    void lossGoesDownSoTheComparisonIsAboutRealTraining() throws Exception {
        float[] losses =
                train(
                        false,
                        (b) ->
                                ConcurrentDataset.builder()
                                        .setData(b[0])
                                        .optLabels(b[1])
                                        .setSampling(32, true)
                                        .build());
        assertEquals(
                true, losses[EPOCHS - 1] < losses[0] * 0.9f, java.util.Arrays.toString(losses));
    }

    private static float[] train(
            boolean withExecutor, Function<NDArray[], RandomAccessDataset> datasetOf)
            throws Exception {
        Engine.getInstance().setRandomSeed(SEED);
        ExecutorService executor = withExecutor ? Executors.newFixedThreadPool(2) : null;
        try (NDManager manager = NDManager.newBaseManager();
                Model model = Model.newInstance("mlp")) {
            NDArray x = manager.randomNormal(new Shape(320, 8));
            NDArray y = x.sum(new int[] {1}, true).mul(0.5f).add(x.get(":, 0:1").pow(2));
            RandomAccessDataset dataset = datasetOf.apply(new NDArray[] {x, y});
            model.setBlock(
                    new SequentialBlock()
                            .add(Blocks.batchFlattenBlock())
                            .add(Linear.builder().setUnits(16).build())
                            .add(Activation::relu)
                            .add(Linear.builder().setUnits(1).build()));
            DefaultTrainingConfig config =
                    new DefaultTrainingConfig(Loss.l2Loss())
                            .optOptimizer(
                                    Optimizer.sgd()
                                            .setLearningRateTracker(Tracker.fixed(0.05f))
                                            .build())
                            .addTrainingListeners(new EvaluatorTrainingListener());
            if (executor != null) {
                config.optExecutorService(executor);
            }
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.setMetrics(new Metrics());
                trainer.initialize(new Shape(32, 8));
                EasyTrain.fit(trainer, EPOCHS, dataset, null);
                return epochLosses(trainer);
            }
        } finally {
            if (executor != null) {
                executor.shutdownNow();
            }
        }
    }

    private static float[] epochLosses(Trainer trainer) {
        String name =
                EvaluatorTrainingListener.metricName(
                        trainer.getLoss(), EvaluatorTrainingListener.TRAIN_EPOCH);
        List<Metric> metrics = trainer.getMetrics().getMetric(name);
        float[] losses = new float[metrics.size()];
        for (int i = 0; i < losses.length; i++) {
            losses[i] = metrics.get(i).getValue().floatValue();
        }
        return losses;
    }
}
