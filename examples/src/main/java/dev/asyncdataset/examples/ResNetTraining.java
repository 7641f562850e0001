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
import ai.djl.training.EasyTrain;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.evaluator.Accuracy;
import ai.djl.training.listener.TrainingListener;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import dev.asyncdataset.examples.s3.S3Connection;

/**
 * Trains DJL's ResNet-18 ({@link ResNetV1}) with DJL's own {@code Trainer}, {@code EasyTrain.fit}
 * and logging listeners (progress bar), unmodified, on the data of a {@link TrainingSettings}, and
 * measures the run through a {@link TimedDataset}.
 */
public final class ResNetTraining {

    private ResNetTraining() {}

    /**
     * Runs one training.
     *
     * @param settings what to train on and how
     * @param connection how to reach S3, for {@code s3://} data
     * @return the measurements
     * @throws Exception if the data cannot be read or training fails
     */
    public static RunResult run(TrainingSettings settings, S3Connection connection)
            throws Exception {
        Engine.getInstance().setRandomSeed(settings.seed());
        Device[] devices = devices(settings.gpus());
        try (TrainingData data = TrainingData.open(settings, connection, devices[0]);
                Model model = Model.newInstance("resnet18", devices[0])) {
            model.setBlock(
                    ResNetV1.builder()
                            .setImageShape(new Shape(3, settings.imageSize(), settings.imageSize()))
                            .setNumLayers(18)
                            .setOutSize(data.classes())
                            .build());
            EpochTimer timer = new EpochTimer();
            try (DjlExecutor executor = DjlExecutor.of(settings);
                    Trainer trainer = model.newTrainer(config(devices, timer, executor))) {
                Shape input =
                        new Shape(
                                settings.batchSize(),
                                3,
                                settings.imageSize(),
                                settings.imageSize());
                trainer.initialize(input);
                warmUp(trainer, input);
                trainer.setMetrics(new Metrics());
                return fit(
                        trainer,
                        settings,
                        new TimedDataset(data.dataset(), settings.maxSteps()),
                        timer);
            }
        }
    }

    private static DefaultTrainingConfig config(
            Device[] devices, EpochTimer timer, DjlExecutor executor) {
        return new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                .optExecutorService(executor.service())
                .addEvaluator(new Accuracy())
                .optOptimizer(Optimizer.adam().build())
                .optDevices(devices)
                .addTrainingListeners(TrainingListener.Defaults.logging())
                .addTrainingListeners(timer);
    }

    private static RunResult fit(
            Trainer trainer, TrainingSettings settings, TimedDataset timed, EpochTimer timer)
            throws Exception {
        long start = System.nanoTime();
        EasyTrain.fit(trainer, settings.epochs(), timed, null);
        long wall = System.nanoTime() - start;
        Float loss = trainer.getTrainingResult().getTrainLoss();
        return new RunResult(
                settings.loader(),
                timed.images(),
                wall,
                timed.waitNanos(),
                timer.epochNanos(),
                loss != null ? loss : Float.NaN);
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
