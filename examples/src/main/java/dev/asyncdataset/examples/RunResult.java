package dev.asyncdataset.examples;

import java.util.List;
import java.util.Locale;

/**
 * What one training run measured.
 *
 * @param loader the loader's name
 * @param images the images trained on, over all epochs
 * @param wallNanos the wall time of training (validation excluded)
 * @param dataWaitNanos the time the training thread spent waiting for batches
 * @param epochNanos the wall time of each epoch
 * @param loss the training loss of the last epoch
 * @param validation the validation after the last epoch, {@link Validation#NONE} without one
 */
public record RunResult(
        String loader,
        long images,
        long wallNanos,
        long dataWaitNanos,
        List<Long> epochNanos,
        float loss,
        Validation validation) {

    /**
     * Returns the same measurements under another loader name, for runs that differ by their data.
     *
     * @param name the loader's name in tables
     * @return the renamed result
     */
    public RunResult named(String name) {
        return new RunResult(name, images, wallNanos, dataWaitNanos, epochNanos, loss, validation);
    }

    /**
     * Returns the training throughput.
     *
     * @return images per second of wall time
     */
    public double imagesPerSecond() {
        return images / (wallNanos / 1e9);
    }

    /**
     * Returns the share of wall time the trainer spent waiting for data.
     *
     * @return a fraction between 0 and 1
     */
    public double dataWaitShare() {
        return (double) dataWaitNanos / wallNanos;
    }

    /**
     * Returns the median epoch time (the later of the two middle ones for an even count).
     *
     * @return seconds
     */
    public double medianEpochSeconds() {
        List<Long> sorted = epochNanos.stream().sorted().toList();
        return sorted.isEmpty() ? 0 : sorted.get(sorted.size() / 2) / 1e9;
    }

    /**
     * Returns the measurements as one JSON object, for the benchmark suite.
     *
     * @return {@code {"loader": ..., "images": ..., "wall_s": ..., "wait_share": ..., "val_top1":
     *     ...}} ({@code val_top1} null without validation)
     */
    public String json() {
        double top1 = validation.top1();
        return String.format(
                Locale.ROOT,
                "{\"loader\": \"%s\", \"images\": %d, \"wall_s\": %.3f, \"wait_share\": %.4f,"
                        + " \"val_top1\": %s}",
                loader,
                images,
                wallNanos / 1e9,
                dataWaitShare(),
                Double.isNaN(top1) ? "null" : String.format(Locale.ROOT, "%.4f", top1));
    }
}
