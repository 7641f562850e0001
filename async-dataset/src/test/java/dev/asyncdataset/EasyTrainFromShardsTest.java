package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Model;
import ai.djl.metric.Metric;
import ai.djl.metric.Metrics;
import ai.djl.modality.cv.transform.ToTensor;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Blocks;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.EasyTrain;
import ai.djl.training.Trainer;
import ai.djl.training.listener.EvaluatorTrainingListener;
import ai.djl.training.listener.TrainingListenerAdapter;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import dev.asyncdataset.source.ShardWriter;
import dev.asyncdataset.source.TarShardSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Unmodified EasyTrain.fit on the PyTorch engine, reading JPEGs streamed from tar shards. */
@Timeout(300)
class EasyTrainFromShardsTest {

    private static final int CLASSES = 3;
    private static final int PER_CLASS = 16;
    private static final int EPOCHS = 2;

    @TempDir Path images;
    @TempDir Path shards;

    @Test
    void fitStreamsEverySampleOncePerEpochAndFreesTheShards() throws Exception {
        TestImages.write(images, TestImages.classFolders(CLASSES, PER_CLASS, 40, 30));
        ShardWriter.builder()
                .setImages(images)
                .setOutput(shards)
                .optShardBytes(16_000)
                .build()
                .write();
        List<LoaderStats> epochs = new ArrayList<>();
        try (TarShardSource source = TarShardSource.of(shards);
                Model model = Model.newInstance("shards")) {
            assertTrue(source.shardCount() > 4, "shards: " + source.shardCount());
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(8, true)
                            .optSeed(3)
                            .optShuffleWindow(2)
                            .addTransform(new ToTensor())
                            .build();
            model.setBlock(
                    new SequentialBlock()
                            .add(Blocks.batchFlattenBlock())
                            .add(Linear.builder().setUnits(CLASSES).build()));
            DefaultTrainingConfig config =
                    new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                            .optOptimizer(
                                    Optimizer.sgd()
                                            .setLearningRateTracker(Tracker.fixed(0.01f))
                                            .build())
                            .addTrainingListeners(
                                    new EvaluatorTrainingListener(),
                                    new TrainingListenerAdapter() {
                                        @Override
                                        public void onEpoch(Trainer trainer) {
                                            epochs.add(dataset.stats());
                                        }
                                    });
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.setMetrics(new Metrics());
                trainer.initialize(new Shape(8, 3, 30, 40));
                EasyTrain.fit(trainer, EPOCHS, dataset, null);
                assertFiniteLosses(trainer);
            }
        }
        assertEquals(EPOCHS, epochs.size());
        for (LoaderStats stats : epochs) {
            assertEquals(CLASSES * PER_CLASS, stats.items(), "epoch " + stats.epoch());
            assertTrue(stats.peakResidentBytes() > 0, "no shard was held: " + stats);
            assertEquals(0, stats.residentBytes(), "shards still held after the epoch");
        }
    }

    private static void assertFiniteLosses(Trainer trainer) {
        String name =
                EvaluatorTrainingListener.metricName(
                        trainer.getLoss(), EvaluatorTrainingListener.TRAIN_EPOCH);
        List<Metric> losses = trainer.getMetrics().getMetric(name);
        assertEquals(EPOCHS, losses.size());
        for (Metric loss : losses) {
            assertTrue(Double.isFinite(loss.getValue().doubleValue()), "loss " + loss);
        }
    }
}
