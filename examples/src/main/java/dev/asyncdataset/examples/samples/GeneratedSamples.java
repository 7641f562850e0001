package dev.asyncdataset.examples.samples;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The examples' embedded default: with no data folder given, an example generates its samples into
 * {@code data/samples/NAME} (git-ignored; written again, identically, on every run) and trains on
 * them.
 */
public final class GeneratedSamples {

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

    private GeneratedSamples() {}

    /**
     * Returns the folder to train on: {@code given} if not empty, else {@code data/samples/NAME}
     * after writing the generated samples into it.
     *
     * @param given the folder given on the command line, or empty
     * @param name the example's name
     * @param writer the example's generator
     * @return the folder of samples
     * @throws IOException if the samples cannot be written
     */
    public static Path folder(String given, String name, Writer writer) throws IOException {
        if (!given.isEmpty()) {
            return Path.of(given);
        }
        Path root = Path.of("data", "samples", name);
        writer.write(root);
        System.out.println("generated samples in " + root.toAbsolutePath());
        return root;
    }
}
