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
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
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
 * With {@code --s3-latency-ms N} the local files are served instead by an embedded S3Proxy that
 * adds {@code N} ms to every request, as the main job serves its images ({@link TextOverS3}).
 */
public final class TrainTextLm {

    /** The store options of a local folder or of a location the default credentials reach. */
    static final StoreOptions DEFAULT_STORE = StoreOptions.builder().build();

    private TrainTextLm() {}

    /**
     * Generates the text if needed and trains.
     *
     * @param args {@code --data DIR --tokenizer FILE --steps N --seq-len N --batch N --every N
     *     --s3-latency-ms N|none}
     * @throws Exception if the text cannot be written, read or trained on
     */
    public static void main(String[] args) throws Exception {
        Map<String, String> defaults =
                Options.defaults(
                        "--data data/text-lm --tokenizer '' --steps 300 --seq-len 64 --batch 16"
                                + " --every 20 --s3-latency-ms none");
        Options options = Options.parse(args, defaults);
        String data = options.text("data");
        Path local = Path.of(data);
        if (!data.contains("://") && !Files.exists(local.resolve("data-00000.parquet"))) {
            TextLmData.write(local, 4, 500, 1);
        }
        String tokenizer = options.text("tokenizer");
        Path tokens = tokenizer.isEmpty() ? local.resolve("tokenizer.json") : Path.of(tokenizer);
        int[] shape = {
            options.integer("steps"), options.integer("seq-len"), options.integer("batch")
        };
        int latency = options.integerOr("s3-latency-ms", "none", -1);
        if (latency < 0) {
            train(data, DEFAULT_STORE, tokens, shape, options.integer("every"), System.out);
        } else {
            TextOverS3.train(local, latency, tokens, shape, options.integer("every"), System.out);
        }
    }

    /**
     * Trains for {@code shape[0]} steps of {@code shape[2]} windows of {@code shape[1]} tokens and
     * returns the loss of each step, printing it with the tokens per second every {@code every}
     * steps.
     *
     * @param data the Parquet files' location, a folder or prefix
     * @param store how to reach that location
     * @param tokenizer the {@code tokenizer.json}
     * @param shape the steps, the sequence length and the batch size
     * @param every the steps between two printed lines
     * @param out where the lines go
     * @return the loss of each step
     * @throws Exception if the text cannot be read or trained on
     */
    public static List<Float> train(
            String data,
            StoreOptions store,
            Path tokenizer,
            int[] shape,
            int every,
            PrintStream out)
            throws Exception {
        try (PackedDataset dataset = packed(data, store, tokenizer, shape[1], shape[2]);
                Model model = Model.newInstance("tiny-lm");
                Trainer trainer = newTrainer(model, shape[1], shape[2])) {
            return steps(trainer, dataset, shape[0], every, out);
        }
    }

    /**
     * Returns the packed batches of the Parquet files' {@code text} column at {@code data}.
     *
     * @param data the Parquet files' location, a folder or prefix
     * @param store how to reach that location
     * @param tokenizer the {@code tokenizer.json}
     * @param seqLen the tokens of each input window
     * @param batch the windows of each batch
     * @return the dataset; the caller closes it
     * @throws IOException if the files cannot be listed or the tokenizer read
     */
    public static PackedDataset packed(
            String data, StoreOptions store, Path tokenizer, int seqLen, int batch)
            throws IOException {
        var texts =
                ParquetSource.builder()
                        .setLocation(data.endsWith("/") ? data : data + "/")
                        .optStore(store)
                        .buildSamples(List.of("text"), SampleDecoder.text("text"));
        return PackedDataset.builder()
                .setDocuments(
                        ConcurrentDataset.builder()
                                .setSource(texts)
                                .setSampling(32, true)
                                .optSeed(7))
                .setTokenizer(tokenizer.toString())
                .setSequenceLength(seqLen)
                .setBatchSize(batch)
                .build();
    }

    /**
     * Sets {@link TinyLm} (embedding size 64, 4 heads) as {@code model}'s block and returns its
     * initialized trainer: softmax cross-entropy, Adam at a fixed learning rate of 0.003.
     *
     * @param model the model
     * @param seqLen the tokens of each input window
     * @param batch the windows of each batch
     * @return the trainer; the caller closes it
     */
    public static Trainer newTrainer(Model model, int seqLen, int batch) {
        model.setBlock(new TinyLm(TextLmData.VOCABULARY, 64, 4));
        DefaultTrainingConfig config =
                new DefaultTrainingConfig(Loss.softmaxCrossEntropyLoss())
                        .optOptimizer(
                                Optimizer.adam()
                                        .optLearningRateTracker(Tracker.fixed(3e-3f))
                                        .build());
        Trainer trainer = model.newTrainer(config);
        trainer.initialize(new Shape(batch, seqLen));
        return trainer;
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

    /**
     * Runs one training step on a batch of input windows and their shifted labels.
     *
     * @param trainer the trainer
     * @param batch (B, T) input ids and (B, T) label ids
     * @return the step's loss
     */
    public static float step(Trainer trainer, Batch batch) {
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
