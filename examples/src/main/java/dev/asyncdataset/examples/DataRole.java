package dev.asyncdataset.examples;

import dev.asyncdataset.epoch.IterationState;
import java.nio.file.Path;

/**
 * What a split is loaded for: training (shuffled, the training augmentation, resumed where a
 * checkpoint left it) or validation (in order, the evaluation recipe: resize and centre crop).
 *
 * @param validation whether the split is read for validation
 * @param resume where a resumed training run's loader starts, or {@code null} for the beginning
 * @param labels a manifest of the split's items and labels ({@code key,label} lines), for an {@code
 *     s3://} prefix of flat files such as ILSVRC-2012's validation set; {@code null} for the
 *     ImageFolder layout
 */
public record DataRole(boolean validation, IterationState resume, Path labels) {

    /** Training from the beginning. */
    public static final DataRole TRAINING = new DataRole(false, null, null);

    /**
     * Returns the role of a training split resumed at {@code state}.
     *
     * @param state where the loader starts, or {@code null} for the beginning
     * @return the role
     */
    public static DataRole training(IterationState state) {
        return new DataRole(false, state, null);
    }

    /**
     * Returns the role of a validation split.
     *
     * @param labels the split's manifest, or {@code null} for the ImageFolder layout
     * @return the role
     */
    public static DataRole validation(Path labels) {
        return new DataRole(true, null, labels);
    }
}
