package dev.asyncdataset.examples;

import ai.djl.Device;
import ai.djl.Model;
import ai.djl.basicmodelzoo.cv.classification.ResNetV1;
import ai.djl.engine.Engine;
import ai.djl.metric.Metrics;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.EasyTrain;
import ai.djl.training.Trainer;
import ai.djl.training.evaluator.Accuracy;
import ai.djl.training.listener.TrainingListener;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import dev.asyncdataset.examples.s3.S3Connection;

/**
 * Trains DJL's ResNet-18 ({@link ResNetV1}) with DJL's own {@code Trainer}, {@code
 * EasyTrain.fit} and logging listeners (progress bar), unmodified, on the data of a {@link
 * TrainingSettings}, and measures the run through a {@link TimedDataset}.
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
    public static RunResult run(TrainingSettings settings, S3Connection connection) throws Exception {
        Engine.getInstance().setRandomSeed(settings.seed());
        Device[] devices = devices(settings.gpus());
        try (TrainingData data = TrainingData.open(settings, connection, devices[0]);
                Model model = Model.newInstance("resnet18", devices[0])) {
            model.setBlock(ResNetV1.builder()
                    .setImageShape(new Shape(3, settings.imageSize(), settings.imageSize()))
                    .setNumLayers(18)
                    .setOutSize(data.classes())
                    .build());
            EpochTimer timer = new EpochTimer();
            DefaultTrainingConfig config = new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                    .addEvaluator(new Accuracy())
                    .optOptimizer(Optimizer.adam().build())
                    .optDevices(devices)
                    .addTrainingListeners(TrainingListener.Defaults.logging())
                    .addTrainingListeners(timer);
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.setMetrics(new Metrics());
                trainer.initialize(new Shape(settings.batchSize(), 3, settings.imageSize(), settings.imageSize()));
                TimedDataset timed = new TimedDataset(data.dataset(), settings.maxSteps());
                long start = System.nanoTime();
                EasyTrain.fit(trainer, settings.epochs(), timed, null);
                long wall = System.nanoTime() - start;
                Float loss = trainer.getTrainingResult().getTrainLoss();
                return new RunResult(settings.loader(), timed.images(), wall, timed.waitNanos(),
                        timer.epochNanos(), loss != null ? loss : Float.NaN);
            }
        }
    }

    private static Device[] devices(int gpus) {
        if (gpus == 0) {
            return new Device[] {Device.cpu()};
        }
        return Engine.getInstance().getDevices(gpus < 0 ? Integer.MAX_VALUE : gpus);
    }
}
