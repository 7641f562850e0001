package dev.asyncdataset.examples.bench;

import ai.djl.Model;
import ai.djl.basicdataset.cv.classification.Cifar10;
import ai.djl.basicmodelzoo.basic.Mlp;
import ai.djl.basicmodelzoo.cv.classification.ResNetV1;
import ai.djl.engine.Engine;
import ai.djl.metric.Metric;
import ai.djl.metric.Metrics;
import ai.djl.modality.cv.transform.Normalize;
import ai.djl.modality.cv.transform.ToTensor;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Block;
import ai.djl.nn.Blocks;
import ai.djl.nn.Parameter;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.nn.norm.BatchNorm;
import ai.djl.nn.recurrent.LSTM;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.EasyTrain;
import ai.djl.training.Trainer;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.training.listener.EvaluatorTrainingListener;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import ai.djl.translate.Pipeline;
import ai.djl.translate.TranslateException;
import ai.djl.util.Pair;
import dev.asyncdataset.ConcurrentDataset;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;

/**
 * DJL's training loop ({@code EasyTrain.fit}) on the CPU over an in-memory {@code ArrayDataset}, as
 * DJL ships it or with the one-line swap ({@code ConcurrentDataset.builder().setDataset(it)}), same
 * seed: what the trainer computed (epoch losses, a checksum of the weights) and what the process
 * spent over the training (CPU, wall, minor page faults).
 */
public final class InMemoryTraining {

    private static final int SEED = 42;
    private static final int CLASSES = 10;

    /** The loaders compared. */
    public enum Loader {
        /** DJL's own {@code ArrayDataset} loader. */
        DJL,
        /** The same dataset wrapped: {@code ConcurrentDataset.builder().setDataset(it)}. */
        SWAP
    }

    /**
     * The models: DJL's two MNIST models, a ResNet-18 on CIFAR-sized images, and DJL's
     * TrainResnetWithCifar10 model.
     */
    public enum Net {
        /** DJL's TrainMnist model: {@code Mlp(784, 10, {128, 64})} on 1x28x28 items. */
        MLP(new Shape(1, 28, 28)),
        /** DJL's TrainMnistWithLSTM model: each image's 28 rows as steps of an LSTM of 64. */
        LSTM(new Shape(1, 28, 28)),
        /** DJL's {@code ResNetV1} with 18 layers on 3x32x32 items. */
        RESNET(new Shape(3, 32, 32)),
        /**
         * DJL's {@code ResNetV1} with 50 layers from scratch on items stored as {@code Cifar10}
         * stores them (uint8, 32x32x3) with its pipeline ({@code ToTensor}, {@code Normalize}).
         */
        RESNET50(new Shape(3, 32, 32));

        private final Shape item;

        Net(Shape item) {
            this.item = item;
        }

        Block block() {
            if (this == MLP) {
                return new Mlp((int) item.size(), CLASSES, new int[] {128, 64});
            }
            if (this == LSTM) {
                return lstm();
            }
            return ResNetV1.builder()
                    .setImageShape(item)
                    .setNumLayers(this == RESNET50 ? 50 : 18)
                    .setOutSize(CLASSES)
                    .build();
        }
    }

    /**
     * What one training gave and cost.
     *
     * @param losses the training loss of each epoch
     * @param weights a CRC32 of every parameter's bytes after training
     * @param cpuSeconds user plus system CPU of the process over the training
     * @param wallSeconds wall time of the training
     * @param minorFaults minor page faults of the process over the training
     */
    public record Result(
            float[] losses,
            long weights,
            double cpuSeconds,
            double wallSeconds,
            long minorFaults) {}

    private InMemoryTraining() {}

    /**
     * Trains {@code net} from seed 42 on {@code items} random items for {@code epochs} epochs.
     *
     * @param loader the loader over the in-memory dataset
     * @param net the model
     * @param items the items of the dataset
     * @param batch the batch size
     * @param epochs the epochs
     * @return what it gave and cost
     * @throws IOException if the kernel's counts cannot be read
     * @throws TranslateException if a batch cannot be made
     */
    public static Result train(Loader loader, Net net, int items, int batch, int epochs)
            throws IOException, TranslateException {
        Engine.getInstance().setRandomSeed(SEED);
        try (NDManager manager = NDManager.newBaseManager();
                Model model = Model.newInstance("in-memory")) {
            ArrayDataset shipped =
                    net == Net.RESNET50
                            ? cifar(manager, items, batch)
                            : dataset(manager, net.item, items, batch);
            RandomAccessDataset dataset =
                    loader == Loader.DJL
                            ? shipped
                            : ConcurrentDataset.builder()
                                    .setDataset(shipped)
                                    .setSampling(batch, true)
                                    .build();
            model.setBlock(net.block());
            try (Trainer trainer = model.newTrainer(config())) {
                trainer.setMetrics(new Metrics());
                trainer.initialize(new Shape(batch).addAll(net.item));
                KernelCounts before = KernelCounts.now();
                long start = System.nanoTime();
                EasyTrain.fit(trainer, epochs, dataset, null);
                double wall = (System.nanoTime() - start) / 1e9;
                KernelCounts spent = KernelCounts.now().since(before);
                return new Result(
                        losses(trainer),
                        checksum(model.getBlock()),
                        spent.userSeconds() + spent.systemSeconds(),
                        wall,
                        spent.minorFaults());
            }
        }
    }

    private static Block lstm() {
        SequentialBlock block = new SequentialBlock();
        block.add(
                inputs -> {
                    NDArray input = inputs.singletonOrThrow();
                    long batch = input.getShape().get(0);
                    long channel = input.getShape().get(3);
                    long time = input.getShape().size() / (batch * channel);
                    return new NDList(input.reshape(new Shape(batch, time, channel)));
                });
        block.add(new LSTM.Builder().setStateSize(64).setNumLayers(1).optDropRate(0).build());
        block.add(BatchNorm.builder().optEpsilon(1e-5f).optMomentum(0.9f).build());
        block.add(Blocks.batchFlattenBlock());
        block.add(Linear.builder().setUnits(CLASSES).build());
        return block;
    }

    private static ArrayDataset dataset(NDManager manager, Shape item, int items, int batch) {
        Random random = new Random(SEED);
        float[] data = new float[Math.toIntExact(items * item.size())];
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextFloat();
        }
        float[] labels = new float[items];
        for (int i = 0; i < items; i++) {
            labels[i] = random.nextInt(CLASSES);
        }
        return new ArrayDataset.Builder()
                .setData(manager.create(data, new Shape(items).addAll(item)))
                .optLabels(manager.create(labels, new Shape(items)))
                .setSampling(batch, true)
                .build();
    }

    /** Random items in {@code Cifar10}'s layout and with its training pipeline. */
    private static ArrayDataset cifar(NDManager manager, int items, int batch) {
        Random random = new Random(SEED);
        byte[] pixels = new byte[items * 32 * 32 * 3];
        random.nextBytes(pixels);
        float[] labels = new float[items];
        for (int i = 0; i < items; i++) {
            labels[i] = random.nextInt(CLASSES);
        }
        return new ArrayDataset.Builder()
                .setData(
                        manager.create(
                                ByteBuffer.wrap(pixels),
                                new Shape(items, 32, 32, 3),
                                DataType.UINT8))
                .optLabels(manager.create(labels, new Shape(items)))
                .setSampling(batch, true)
                .optPipeline(
                        new Pipeline(
                                new ToTensor(),
                                new Normalize(Cifar10.NORMALIZE_MEAN, Cifar10.NORMALIZE_STD)))
                .build();
    }

    private static DefaultTrainingConfig config() {
        return new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                .optOptimizer(Optimizer.sgd().setLearningRateTracker(Tracker.fixed(0.05f)).build())
                .addTrainingListeners(new EvaluatorTrainingListener());
    }

    private static float[] losses(Trainer trainer) {
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

    private static long checksum(Block block) {
        CRC32 crc = new CRC32();
        for (Pair<String, Parameter> parameter : block.getParameters()) {
            NDArray array = parameter.getValue().getArray();
            crc.update(array.toByteArray());
        }
        return crc.getValue();
    }
}
