package dev.asyncdataset.examples.bench;

import dev.asyncdataset.examples.Options;
import java.util.Map;

/**
 * The option defaults the loader benchmarks share, stated once: batches of 64 images of ResNet's
 * training recipe at 224 px, and epochs cut at 24 batches or a time limit after a warm-up.
 */
final class BenchDefaults {

    private BenchDefaults() {}

    /**
     * Returns {@code --batch-size 64 --image-size 224}.
     *
     * @return a new ordered map of option to default
     */
    static Map<String, String> recipe() {
        return Options.defaults("--batch-size 64 --image-size 224");
    }

    /**
     * Returns {@link #recipe()} with {@code --max-steps 24}, {@code --max-seconds maxSeconds} and
     * {@code --warmup-seconds warmupSeconds}: what cuts a measured epoch short, and the warm-up
     * before the first.
     *
     * @param maxSeconds the default most seconds of a measured epoch
     * @param warmupSeconds the default seconds of warm-up
     * @return a new ordered map of option to default
     */
    static Map<String, String> cutEpochs(int maxSeconds, int warmupSeconds) {
        Map<String, String> defaults = recipe();
        defaults.putAll(
                Options.defaults(
                        "--max-steps 24 --max-seconds %d --warmup-seconds %d"
                                .formatted(maxSeconds, warmupSeconds)));
        return defaults;
    }
}
