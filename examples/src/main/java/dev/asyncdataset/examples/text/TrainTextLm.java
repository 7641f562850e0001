package dev.asyncdataset.examples.text;

import ai.djl.Model;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.GradientCollector;
import ai.djl.training.Trainer;
import ai.djl.training.dataset.Batch;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.PackedDataset;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.parquet.ParquetSource;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Trains a small causal transformer language model ({@link TinyLm}) on packed text: the Parquet
 * files of {@link TextLmData} (generated into {@code --data} when it holds none), their {@code
 * text} column tokenized with DJL's Hugging Face tokenizer and packed by {@link PackedDataset} into
 * windows of {@code --seq-len + 1} tokens. Prints the loss and the tokens per second every {@code
 * --every} steps, for {@code --steps} steps. {@code --data} may be any location {@code
 * ParquetSource} reads ({@code s3://bucket/text/} too), with {@code --tokenizer} then a local file.
 */
public final class TrainTextLm {

    private TrainTextLm() {}

    /**
     * Generates the text if needed and trains.
     *
     * @param args {@code --data DIR --tokenizer FILE --steps N --seq-len N --batch N --every N}
     * @throws Exception if the text cannot be written, read or trained on
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> defaults =
                Options.defaults(
                        "--data data/text-lm --tokenizer '' --steps 300 --seq-len 64 --batch 16"
                                + " --every 20");
        Options options = Options.parse(args, defaults);
        String data = options.text("data");
        Path local = Path.of(data);
        if (!data.contains("://") && !Files.exists(local.resolve("data-00000.parquet"))) {
            TextLmData.write(local, 4, 500, 1);
        }
        String tokenizer = options.text("tokenizer");
        train(
                data,
                tokenizer.isEmpty() ? local.resolve("tokenizer.json") : Path.of(tokenizer),
                new int[] {
                    options.integer("steps"), options.integer("seq-len"), options.integer("batch")
                },
                options.integer("every"),
                System.out);
    }

    /**
     * Trains for {@code shape[0]} steps of {@code shape[2]} windows of {@code shape[1]} tokens and
     * returns the loss of each step, printing it with the tokens per second every {@code every}
     * steps.
     *
     * @param data the Parquet files' location, a folder or prefix
     * @param tokenizer the {@code tokenizer.json}
     * @param shape the steps, the sequence length and the batch size
     * @param every the steps between two printed lines
     * @param out where the lines go
     * @return the loss of each step
     * @throws Exception if the text cannot be read or trained on
     */
    public static List<Float> train(
            String data, Path tokenizer, int[] shape, int every, PrintStream out) throws Exception {
        String location = data.endsWith("/") ? data : data + "/";
        var texts =
                ParquetSource.builder()
                        .setLocation(location)
                        .buildSamples(List.of("text"), SampleDecoder.text("text"));
        try (PackedDataset dataset =
                        PackedDataset.builder()
                                .setDocuments(
                                        ConcurrentDataset.builder()
                                                .setSource(texts)
                                                .setSampling(32, true)
                                                .optSeed(7))
                                .setTokenizer(tokenizer)
                                .setSequenceLength(shape[1])
                                .setBatchSize(shape[2])
                                .build();
                Model model = Model.newInstance("tiny-lm")) {
            model.setBlock(new TinyLm(TextLmData.VOCABULARY, 64, 4));
            DefaultTrainingConfig config =
                    new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                            .optOptimizer(
                                    Optimizer.adam()
                                            .optLearningRateTracker(Tracker.fixed(3e-3f))
                                            .build());
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.initialize(new Shape(shape[2], shape[1]));
                return steps(trainer, dataset, shape[0], every, out);
            }
        }
    }

    private static List<Float> steps(
            Trainer trainer, PackedDataset dataset, int steps, int every, PrintStream out)
            throws Exception {
        List<Float> losses = new ArrayList<>();
        long tokens = 0;
        long start = System.nanoTime();
        while (losses.size() < steps) {
            for (Batch batch : trainer.iterateDataset(dataset)) {
                try (batch) {
                    losses.add(step(trainer, batch));
                    tokens += batch.getLabels().head().size();
                }
                if (losses.size() % every == 0) {
                    double seconds = (System.nanoTime() - start) / 1e9;
                    out.printf(
                            "step %d loss %.3f tokens/s %.0f%n",
                            losses.size(), losses.get(losses.size() - 1), tokens / seconds);
                }
                if (losses.size() == steps) {
                    break;
                }
            }
        }
        return losses;
    }

    private static float step(Trainer trainer, Batch batch) {
        try (GradientCollector collector = trainer.newGradientCollector()) {
            NDArray logits = trainer.forward(batch.getData()).head();
            NDArray flat = logits.reshape(-1, logits.getShape().get(2));
            NDArray labels = batch.getLabels().head().reshape(-1);
            NDArray loss = trainer.getLoss().evaluate(new NDList(labels), new NDList(flat));
            collector.backward(loss);
            trainer.step();
            return loss.getFloat();
        }
    }
}
