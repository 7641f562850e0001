package dev.asyncdataset.examples.samples;

import ai.djl.translate.TranslateException;
import dev.asyncdataset.examples.Options;
import java.io.IOException;
import java.nio.file.Path;

/**
 * What the examples' {@code main} methods do: read {@code --data DIR}, {@code --storage
 * folder|shards|s3} and {@code --epochs N}, train and print the loss and evaluators per epoch. With
 * no {@code --data} (the embedded default), an example generates its loose sample files into {@code
 * data/samples/NAME} (git-ignored; written again, identically, on every run). {@code --storage}
 * says what training reads those files from ({@link SampleStorage}): the folder itself, tar shards
 * written from it, or objects uploaded to an embedded S3 server; each example defaults to the
 * storage it shows.
 */
public final class SampleMain {

    /** Writes an example's samples into a folder. */
    @FunctionalInterface
    public interface Writer {

        /**
         * Writes the samples.
         *
         * @param root the folder, created if needed
         * @throws IOException if a file cannot be written
         */
        void write(Path root) throws IOException;
    }

    /** Trains an example's model on samples. */
    @FunctionalInterface
    public interface Training {

        /**
         * Trains.
         *
         * @param samples where the samples are
         * @param epochs how many epochs
         * @return the loss and evaluators per epoch
         * @throws IOException if the samples cannot be read
         * @throws TranslateException if a batch cannot be made
         */
        EpochCurves train(SampleSources samples, int epochs) throws IOException, TranslateException;
    }

    private SampleMain() {}

    /**
     * Trains on {@code --data}, or on the samples {@code writer} generates, from {@code --storage},
     * and prints the curves.
     *
     * @param args {@code --data DIR --storage folder|shards|s3 --epochs N}
     * @param name the example's name, the folder of its generated samples
     * @param storage the default storage
     * @param epochs the default number of epochs
     * @param writer the example's generator
     * @param training the example's training
     * @throws Exception if the samples cannot be written, read or trained on
     */
    public static void run(
            String[] args,
            String name,
            String storage,
            int epochs,
            Writer writer,
            Training training)
            throws Exception {
        Options options =
                Options.parse(
                        args,
                        Options.defaults(
                                "--data '' --storage %s --epochs %d".formatted(storage, epochs)));
        Path root = Path.of(options.text("data"));
        if (options.text("data").isEmpty()) {
            root = Path.of("data", "samples", name);
            writer.write(root);
            System.out.println("generated samples in " + root.toAbsolutePath());
        }
        try (SampleStorage stored = SampleStorage.open(options.text("storage"), root)) {
            System.out.println("training on " + stored.description());
            System.out.print(training.train(stored.samples(), options.integer("epochs")));
        }
    }
}
