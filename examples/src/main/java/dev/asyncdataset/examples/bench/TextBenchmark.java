package dev.asyncdataset.examples.bench;

import ai.djl.Model;
import ai.djl.training.Trainer;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import dev.asyncdataset.PackedDataset;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.examples.text.TrainTextLm;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * One row of the text benchmark: tokens per second into {@link TrainTextLm}'s trainer (its step
 * included, or left out with {@code --trainer false}) from the Parquet text at {@code --data}, a
 * folder or an {@code s3://} prefix at {@code --endpoint} (credentials from the default chain).
 * {@code --loader packed} reads, tokenizes and packs while training ({@code PackedDataset}); {@code
 * --loader djl} first packs one epoch into memory (pre-tokenized windows, not timed: {@code
 * setup_s}) and trains from it through DJL's own loader. After {@code --warmup-seconds} it times
 * {@code --intervals} intervals of {@code --interval-seconds} and prints {@code RESULT {...}}: the
 * tokens/s of each interval and what the kernel counted over them. Run by {@code
 * examples/bench/text-bench.sh}.
 */
public final class TextBenchmark {

    private TextBenchmark() {}

    /**
     * Runs one configuration.
     *
     * @param args the options above, and {@code --tokenizer --seq-len --batch}
     * @throws Exception if the text cannot be read or trained on
     */
    public static void main(String[] args) throws Exception {
        Options options =
                Options.parse(
                        args,
                        Options.defaults(
                                "--data '' --endpoint '' --tokenizer '' --loader packed"
                                        + " --seq-len 64 --batch 16 --trainer true"
                                        + " --warmup-seconds 10 --intervals 3"
                                        + " --interval-seconds 5"));
        int seqLen = options.integer("seq-len");
        int batch = options.integer("batch");
        long setup = System.nanoTime();
        try (PackedDataset packed = packed(options);
                Model model = Model.newInstance("tiny-lm");
                Trainer trainer = TrainTextLm.newTrainer(model, seqLen, batch)) {
            String loader = options.choice("loader", "packed", "djl");
            Dataset dataset =
                    loader.equals("djl")
                            ? TokenWindows.read(packed, trainer.getManager(), batch)
                            : packed;
            double setupSeconds = (System.nanoTime() - setup) / 1e9;
            TokenMeter meter =
                    new TokenMeter(
                            options.integer("warmup-seconds"),
                            options.integer("intervals"),
                            options.integer("interval-seconds"));
            train(trainer, dataset, options.flag("trainer"), meter);
            System.out.printf(
                    Locale.ROOT,
                    "RESULT {\"loader\": \"%s\", \"setup_s\": %.2f, %s}%n",
                    loader,
                    setupSeconds,
                    meter.json());
        }
        System.exit(0);
    }

    private static PackedDataset packed(Options options) throws IOException {
        StoreOptions store =
                S3Connection.withDefaultCredentials(options.text("endpoint")).options(64).build();
        return TrainTextLm.packed(
                options.required("data"),
                store,
                Path.of(options.required("tokenizer")),
                options.integer("seq-len"),
                options.integer("batch"));
    }

    /** Trains (or with {@code step} false only iterates) until the meter has its intervals. */
    private static void train(Trainer trainer, Dataset dataset, boolean step, TokenMeter meter)
            throws Exception {
        while (!meter.done()) {
            for (Batch b : trainer.iterateDataset(dataset)) {
                try (b) {
                    if (step) {
                        TrainTextLm.step(trainer, b);
                    }
                    meter.add(b.getLabels().head().size());
                }
                if (meter.done()) {
                    break;
                }
            }
        }
    }
}
