package dev.asyncdataset.examples;

import ai.djl.Model;
import ai.djl.basicmodelzoo.cv.classification.ResNetV1;
import ai.djl.engine.Engine;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.EasyTrain;
import ai.djl.training.Trainer;
import ai.djl.training.evaluator.Accuracy;
import ai.djl.training.listener.TrainingListener;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.SourceShare;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator.Painter;
import dev.asyncdataset.source.folder.FolderSource;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Trains DJL's ResNet-18 on a mix of two generated sets of the same classes, photo-like pictures
 * and outline sketches ({@link Painter}), by proportion (default 80/20), and prints after each
 * epoch what each source gave: its items and share, bytes, skipped items and the data wait charged
 * to it. Options, with defaults:
 *
 * <pre>
 * --data-dir data  --classes 10  --per-class 100  --sketches-per-class 50
 * --photos 0.8 (the photos' proportion; the sketches get the rest)
 * --epochs 2  --batch-size 32  --image-size 64  --seed 0
 * </pre>
 */
public final class TrainMixed {

    private TrainMixed() {}

    /**
     * Generates both sets if needed, trains on their mix and prints each epoch's shares.
     *
     * @param args the options
     * @throws Exception if the sets cannot be written or read, or training fails
     */
    public static void main(String[] args) throws Exception {
        Options options = Options.parse(args, defaults());
        int classes = options.integer("classes");
        int seed = options.integer("seed");
        Path root = Path.of(options.text("data-dir"));
        Path photos =
                ImageNetLikeGenerator.write(
                        root.resolve("mix-photos"), classes, options.integer("per-class"), seed);
        Path sketches =
                ImageNetLikeGenerator.write(
                        root.resolve("mix-sketches"),
                        classes,
                        options.integer("sketches-per-class"),
                        seed,
                        Painter.SKETCHES);
        double share = options.decimal("photos");
        int size = options.integer("image-size");
        ConcurrentDataset data =
                ConcurrentDataset.builder()
                        .addSource(
                                "photos",
                                FolderSource.builder().setLocation(photos.toString()).build(),
                                SourceShare.proportion(share))
                        .addSource(
                                "sketches",
                                FolderSource.builder().setLocation(sketches.toString()).build(),
                                SourceShare.proportion(1 - share))
                        .setSampling(options.integer("batch-size"), true)
                        .optPipeline(ImageRecipes.training(size))
                        .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                        .optSeed(seed)
                        .build();
        train(data, classes, size, options.integer("epochs"));
    }

    private static void train(ConcurrentDataset data, int classes, int size, int epochs)
            throws Exception {
        Engine.getInstance().setRandomSeed(0);
        DefaultTrainingConfig config =
                new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                        .addEvaluator(new Accuracy())
                        .optOptimizer(
                                Optimizer.sgd()
                                        .setLearningRateTracker(Tracker.fixed(0.0125f))
                                        .optMomentum(0.9f)
                                        .build())
                        .addTrainingListeners(TrainingListener.Defaults.logging());
        try (Model model = Model.newInstance("mixed")) {
            model.setBlock(
                    ResNetV1.builder()
                            .setImageShape(new Shape(3, size, size))
                            .setNumLayers(18)
                            .setOutSize(classes)
                            .build());
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.initialize(new Shape(1, 3, size, size));
                for (int epoch = 0; epoch < epochs; epoch++) {
                    EasyTrain.fit(trainer, 1, data, null);
                    System.out.print(shares(data.stats()));
                }
            } finally {
                data.getSource().close();
            }
        }
    }

    /** Each source's part of the epoch, one line each. */
    static String shares(LoaderStats stats) {
        StringBuilder lines = new StringBuilder();
        for (LoaderStats.SourceCounts source : stats.sources()) {
            lines.append(
                    String.format(
                            Locale.ROOT,
                            "epoch %d %-8s %5d items (%5.1f %%), %6.1f MB, %d skipped,"
                                    + " data wait %.1f s%n",
                            stats.epoch(),
                            source.name(),
                            source.items(),
                            100.0 * source.items() / Math.max(1, stats.items()),
                            source.bytes() / 1e6,
                            source.skippedItems(),
                            source.dataWaitNanos() / 1e9));
        }
        return lines.toString();
    }

    private static Map<String, String> defaults() {
        return Options.defaults(
                """
                --data-dir data  --classes 10  --per-class 100  --sketches-per-class 50
                --photos 0.8  --epochs 2  --batch-size 32  --image-size 64  --seed 0
                """);
    }
}
