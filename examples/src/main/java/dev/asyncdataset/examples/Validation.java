package dev.asyncdataset.examples;

import ai.djl.ndarray.NDList;
import ai.djl.training.Trainer;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import ai.djl.training.evaluator.Accuracy;
import ai.djl.training.evaluator.Evaluator;
import ai.djl.training.evaluator.TopKAccuracy;
import ai.djl.translate.TranslateException;
import java.io.IOException;
import java.util.Locale;

/**
 * Top-1 and top-5 accuracy of the model on the validation split, with DJL's {@link Accuracy} and
 * {@link TopKAccuracy}: one pass over the split's batches in inference mode (batch-norm running
 * statistics, no gradients). With fewer than 5 classes, top-5 counts the best {@code classes}
 * predictions, at least 2 (DJL's {@code TopKAccuracy} needs more than 1).
 *
 * @param top1 the share of images whose best prediction is their label
 * @param top5 the share whose label is among the five best predictions
 */
public record Validation(double top1, double top5) {

    /** No validation split. */
    public static final Validation NONE = new Validation(Double.NaN, Double.NaN);

    private static final String KEY = "validation";

    /**
     * Describes the accuracies for a log line.
     *
     * @return {@code val top-1 0.123, val top-5 0.456}, or {@code val none} without validation
     */
    public String describe() {
        return Double.isNaN(top1)
                ? "val none"
                : String.format(Locale.ROOT, "val top-1 %.3f, val top-5 %.3f", top1, top5);
    }

    /**
     * Evaluates the model of {@code trainer} on every batch of {@code split}.
     *
     * @param trainer the trainer
     * @param split the validation split
     * @param classes the number of classes
     * @return the accuracies
     * @throws IOException if a batch cannot be read
     * @throws TranslateException if a batch cannot be built
     */
    public static Validation run(Trainer trainer, Dataset split, int classes)
            throws IOException, TranslateException {
        Evaluator top1 = new Accuracy();
        Evaluator top5 = new TopKAccuracy(Math.max(2, Math.min(5, classes)));
        top1.addAccumulator(KEY);
        top5.addAccumulator(KEY);
        for (Batch batch : trainer.iterateDataset(split)) {
            try {
                for (Batch part : batch.split(trainer.getDevices(), false)) {
                    NDList predictions = trainer.evaluate(part.getData());
                    top1.updateAccumulator(KEY, part.getLabels(), predictions);
                    top5.updateAccumulator(KEY, part.getLabels(), predictions);
                }
            } finally {
                batch.close();
            }
        }
        return new Validation(top1.getAccumulator(KEY), top5.getAccumulator(KEY));
    }
}
