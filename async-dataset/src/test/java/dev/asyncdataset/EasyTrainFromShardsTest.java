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
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .optShardBytes(16_000)
                .build()
                .write();
        try (LabeledImageSource source =
                TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertTrue(
                    ((ShardedSource<?>) source).shardSizes().length > 4,
                    "shards: " + ((ShardedSource<?>) source).shardSizes().length);
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(8, true)
                            .optSeed(3)
                            .optShuffleWindow(2)
                            .addTransform(new ToTensor())
                            .build();
            for (LoaderStats stats : fit(dataset, new Shape(8, 3, 30, 40))) {
                assertEquals(CLASSES * PER_CLASS, stats.items(), "epoch " + stats.epoch());
                assertTrue(
                        stats.sourceStats().peakResidentBytes() > 0, "no shard was held: " + stats);
                assertEquals(
                        0,
                        stats.sourceStats().residentBytes(),
                        "shards still held after the epoch");
            }
        }
    }

    @Test
    void fitTrainsOnShardsWrittenWithAMaximumSide() throws Exception {
        Map<String, byte[]> files = TestImages.classFolders(CLASSES, PER_CLASS, 469, 387);
        TestImages.write(images, files);
        long originalBytes = files.values().stream().mapToLong(b -> b.length).sum();
        ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .optMaxSide(64)
                .optShardBytes(40_000)
                .build()
                .write();
        try (LabeledImageSource source =
                TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertTrue(
                    ((ShardedSource<?>) source).shardSizes().length > 1,
                    "shards: " + ((ShardedSource<?>) source).shardSizes().length);
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(8, true)
                            .optSeed(5)
                            .optPipeline(ImageRecipes.training(32))
                            .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                            .build();
            for (LoaderStats stats : fit(dataset, new Shape(8, 3, 32, 32))) {
                assertEquals(CLASSES * PER_CLASS, stats.items(), "epoch " + stats.epoch());
                assertTrue(
                        stats.bytes() * 4 < originalBytes,
                        stats.bytes() + " bytes read, the originals are " + originalBytes);
            }
        }
    }

    /** Fits a linear classifier on {@code dataset}; returns the loader's stats of each epoch. */
    private static List<LoaderStats> fit(ConcurrentDataset dataset, Shape input) throws Exception {
        List<LoaderStats> epochs = new ArrayList<>();
        try (Model model = Model.newInstance("shards")) {
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
                trainer.initialize(input);
                EasyTrain.fit(trainer, EPOCHS, dataset, null);
                assertFiniteLosses(trainer);
            }
        }
        assertEquals(EPOCHS, epochs.size());
        return epochs;
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
