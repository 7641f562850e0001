package dev.asyncdataset.examples;

import dev.asyncdataset.store.Stores;
import java.nio.file.Path;
import java.util.Map;

/**
 * How {@link TrainResNet} trains, validates and checkpoints, from the command line: the ImageNet
 * recipe of PyTorch's reference example (SGD with momentum 0.9 and weight decay 1e-4, learning rate
 * 0.1 x batch / 256, here with a linear warm-up and then a cosine decay), top-1 and top-5 on the
 * validation split after every epoch, and checkpoints to resume from.
 *
 * @param train the training split: a folder or an {@code s3://} prefix
 * @param val the validation split, or empty for no validation
 * @param valLabels a manifest of the validation split's files and labels ({@code key,label} lines,
 *     keys relative to the split), for flat files on S3; empty for the ImageFolder layout
 * @param optimizer {@code sgd} ({@link MomentumSgd}) or {@code adam} (DJL's)
 * @param learningRate the peak learning rate; 0 for 0.1 x batch size / 256 (SGD) or 0.001 (Adam)
 * @param warmupSteps the steps of linear warm-up, or -1 for 5/90 of all steps (5 of ImageNet's 90
 *     epochs)
 * @param checkpointDir where checkpoints go, or empty for none
 * @param checkpointEvery a checkpoint every so many steps, besides one at each epoch's end; 0 for
 *     epoch ends only
 * @param resume the checkpoint (or folder of checkpoints) to resume from, or empty
 * @param csv the per-epoch CSV log, or empty for none
 * @param stepLog the per-step log (epoch, batch, step, loss, item keys), or empty for none
 */
public record RecipeSettings(
        String train,
        String val,
        String valLabels,
        String optimizer,
        float learningRate,
        int warmupSteps,
        String checkpointDir,
        int checkpointEvery,
        String resume,
        String csv,
        String stepLog) {

    /** SGD's momentum. */
    public static final float MOMENTUM = 0.9f;

    /** SGD's weight decay. */
    public static final float WEIGHT_DECAY = 1e-4f;

    /**
     * Returns the recipe's options and their defaults (names without dashes).
     *
     * @return a new ordered map of option to default
     */
    public static Map<String, String> defaults() {
        return Options.defaults(
                """
                --train ''  --val ''  --val-labels ''  --optimizer sgd  --lr 0  --warmup-steps auto
                --checkpoint-dir ''  --checkpoint-every 0  --resume ''  --csv ''  --step-log ''
                """);
    }

    /**
     * Reads the recipe from options that include {@link #defaults()} and {@code --data}: the splits
     * are {@code --train} and {@code --val} when given, else {@code train/} and {@code val/} under
     * {@code --data}; {@code --val none} skips validation.
     *
     * @param options the options
     * @return the recipe
     * @throws IllegalArgumentException if {@code --optimizer} is neither sgd nor adam, or {@code
     *     --checkpoint-every} is negative
     */
    public static RecipeSettings from(Options options) {
        int checkpointEvery = options.integer("checkpoint-every");
        if (checkpointEvery < 0) {
            throw new IllegalArgumentException("--checkpoint-every < 0: " + checkpointEvery);
        }
        String val = options.text("val");
        return new RecipeSettings(
                split(options, "train"),
                val.equals("none") ? "" : split(options, "val"),
                options.text("val-labels"),
                options.choice("optimizer", "sgd", "adam"),
                (float) options.decimal("lr"),
                options.integerOr("warmup-steps", "auto", -1),
                options.text("checkpoint-dir"),
                checkpointEvery,
                options.text("resume"),
                options.text("csv"),
                options.text("step-log"));
    }

    /**
     * Returns the peak learning rate for {@code batchSize}.
     *
     * @param batchSize the global batch size
     * @return the learning rate
     */
    public float peakLearningRate(int batchSize) {
        if (learningRate > 0) {
            return learningRate;
        }
        return optimizer.equals("sgd") ? 0.1f * batchSize / 256 : 0.001f;
    }

    /**
     * Returns the warm-up steps for a run of {@code totalSteps}.
     *
     * @param totalSteps all steps of the run
     * @return the warm-up steps, less than {@code totalSteps}
     */
    public int warmup(int totalSteps) {
        int steps = warmupSteps >= 0 ? warmupSteps : totalSteps * 5 / 90;
        return Math.min(steps, totalSteps - 1);
    }

    /** A split: its own option, else its folder under {@code --data}. */
    private static String split(Options options, String name) {
        String given = options.text(name);
        if (!given.isEmpty()) {
            return given;
        }
        String data = options.text("data");
        if (!Stores.scheme(data).equals(Stores.FILE)) {
            return (data.endsWith("/") ? data : data + "/") + name + "/";
        }
        return Path.of(data).resolve(name).toString();
    }
}
