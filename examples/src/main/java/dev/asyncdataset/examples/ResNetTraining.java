package dev.asyncdataset.examples;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.basicmodelzoo.cv.classification.ResNetV1;
import ai.djl.engine.Engine;
import ai.djl.metric.Metrics;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.dataset.Dataset;
import ai.djl.training.evaluator.Accuracy;
import ai.djl.training.listener.TrainingListener;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import dev.asyncdataset.examples.s3.S3Connection;
import java.nio.file.Path;

/**
 * Trains DJL's ResNet-18 ({@link ResNetV1}) with DJL's own {@code Trainer}, {@code
 * EasyTrain.trainBatch} and logging listeners (progress bar) on the training split of a {@link
 * TrainingSettings}, validates on its validation split after every epoch, and checkpoints and
 * resumes as its {@link RecipeSettings} say ({@link TrainingLoop}); measures the run through a
 * {@link TimedDataset}.
 */
public final class ResNetTraining {

    private ResNetTraining() {}

    /**
     * Runs one training.
     *
     * @param settings what to train on and how; its {@code data} is replaced by the recipe's splits
     * @param recipe the splits, optimizer, schedule, checkpoints and logs
     * @param connection how to reach S3, for {@code s3://} data
     * @return the measurements
     * @throws Exception if the data cannot be read or training fails
     */
    public static RunResult run(
            TrainingSettings settings, RecipeSettings recipe, S3Connection connection)
            throws Exception {
        boolean checkpoints = !recipe.checkpointDir().isEmpty() || !recipe.resume().isEmpty();
        if (checkpoints && !settings.loader().equals("concurrent")) {
            throw new IllegalArgumentException(
                    "checkpoints and --resume need --loader concurrent: DJL's loader cannot"
                            + " resume an epoch");
        }
        Path resumed =
                recipe.resume().isEmpty()
                        ? null
                        : CheckpointSearch.find(Path.of(recipe.resume()), System.err::println);
        TrainingCheckpoint start = resumed == null ? null : TrainingCheckpoint.read(resumed);
        if (start != null) {
            System.out.printf(
                    "resuming from %s: epoch %d, batch %d, step %d%n",
                    resumed, start.epoch(), start.loader().batches(), start.step());
        }
        Engine.getInstance().setRandomSeed(settings.seed());
        Device[] devices = devices(settings.gpus());
        try (Splits splits = Splits.open(settings, recipe, connection, devices[0], start);
                Model model = Model.newInstance("resnet18", devices[0])) {
            model.setBlock(
                    ResNetV1.builder()
                            .setImageShape(new Shape(3, settings.imageSize(), settings.imageSize()))
                            .setNumLayers(18)
                            .setOutSize(splits.classes())
                            .build());
            if (resumed != null) {
                TrainingCheckpoint.loadParameters(resumed, model);
            }
            int total = settings.epochs() * splits.stepsPerEpoch(settings);
            Schedule schedule = Schedule.of(recipe, settings.batchSize(), total, start);
            EpochTotals totals = new EpochTotals(Loss.softmaxCrossEntropyLoss());
            try (DjlExecutor executor = DjlExecutor.of(settings);
                    Trainer trainer =
                            model.newTrainer(
                                    config(devices, schedule.optimizer(), totals, executor))) {
                Shape input =
                        new Shape(
                                settings.batchSize(),
                                3,
                                settings.imageSize(),
                                settings.imageSize());
                trainer.initialize(input);
                if (resumed == null) {
                    warmUp(trainer, input);
                } else {
                    schedule.restore(resumed, model, trainer);
                    totals.restore(start.state());
                }
                trainer.setMetrics(new Metrics());
                return fit(model, trainer, schedule, splits, settings, recipe, totals, start);
            }
        }
    }

    private static DefaultTrainingConfig config(
            Device[] devices, Optimizer optimizer, EpochTotals totals, DjlExecutor executor) {
        return new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                .optExecutorService(executor.service())
                .addEvaluator(new Accuracy())
                .optOptimizer(optimizer)
                .optDevices(devices)
                .addTrainingListeners(TrainingListener.Defaults.logging())
                .addTrainingListeners(totals);
    }

    private static RunResult fit(
            Model model,
            Trainer trainer,
            Schedule schedule,
            Splits splits,
            TrainingSettings settings,
            RecipeSettings recipe,
            EpochTotals totals,
            TrainingCheckpoint start)
            throws Exception {
        Dataset loader = splits.train().dataset();
        TimedDataset timed = new TimedDataset(splits.train().dataset(), settings.maxSteps());
        try (StepLog steps = StepLog.open(recipe.stepLog(), splits::key)) {
            TrainingLoop loop =
                    new TrainingLoop(
                            new TrainingLoop.Learner(
                                    model, trainer, schedule.optimizer(), schedule.learningRates()),
                            new TrainingLoop.Data(
                                    timed, loader, splits.valDataset(), splits.classes()),
                            new TrainingLoop.Outputs(
                                    recipe.checkpointDir(),
                                    recipe.checkpointEvery(),
                                    new EpochCsv(recipe.csv()),
                                    steps),
                            totals);
            TrainingLoop.Outcome outcome = loop.run(settings.epochs(), start);
            return new RunResult(
                    settings.loader(),
                    timed.images(),
                    outcome.trainNanos(),
                    timed.waitNanos(),
                    outcome.epochNanos(),
                    (float) outcome.loss(),
                    outcome.validation());
        }
    }

    /**
     * One untimed forward and backward pass on random data, without an optimizer step, so that the
     * engine's one-time setup does not count against whichever loader runs first.
     */
    private static void warmUp(Trainer trainer, Shape input) {
        try (NDManager manager = trainer.getManager().newSubManager();
                GradientCollector collector = trainer.newGradientCollector()) {
            NDList images = new NDList(manager.randomUniform(0, 1, input));
            NDList labels = new NDList(manager.zeros(new Shape(input.get(0))));
            collector.backward(trainer.getLoss().evaluate(labels, trainer.forward(images)));
            collector.zeroGradients();
        }
    }

    private static Device[] devices(int gpus) {
        if (gpus == 0) {
            return new Device[] {Device.cpu()};
        }
        return Engine.getInstance().getDevices(gpus < 0 ? Integer.MAX_VALUE : gpus);
    }
}
