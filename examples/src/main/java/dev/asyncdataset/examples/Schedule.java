package dev.asyncdataset.examples;

import ai.djl.Model;
import ai.djl.training.Trainer;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The optimizer of a run and the learning rate it follows: linear warm-up from 0 to the peak, then
 * a cosine decay to 0 at the last step (DJL's {@code WarmUpTracker} and {@code CosineTracker}),
 * with {@link MomentumSgd} (momentum {@value RecipeSettings#MOMENTUM}, weight decay 1e-4) or DJL's
 * Adam.
 *
 * @param optimizer the optimizer
 * @param learningRates the learning rate by step, counted from 1
 */
record Schedule(Optimizer optimizer, Tracker learningRates) {

    /**
     * Builds the schedule of a run of {@code totalSteps}; a run resumed at {@code start} with Adam
     * begins its update count there (Adam's moments start again from zero, see the examples'
     * README).
     */
    static Schedule of(
            RecipeSettings recipe, int batchSize, int totalSteps, TrainingCheckpoint start) {
        float peak = recipe.peakLearningRate(batchSize);
        int warmup = recipe.warmup(totalSteps);
        Tracker cosine =
                Tracker.cosine()
                        .setBaseValue(peak)
                        .optFinalValue(0)
                        .setMaxUpdates(Math.max(1, totalSteps - warmup))
                        .build();
        Tracker learningRates =
                warmup == 0
                        ? cosine
                        : Tracker.warmUp()
                                .setMainTracker(cosine)
                                .optWarmUpSteps(warmup)
                                .optWarmUpBeginValue(0)
                                .build();
        if (recipe.optimizer().equals("adam")) {
            int begun = start == null ? 0 : Math.toIntExact(start.step());
            return new Schedule(
                    Optimizer.adam()
                            .optLearningRateTracker(learningRates)
                            .optBeginNumUpdate(begun)
                            .build(),
                    learningRates);
        }
        return new Schedule(
                new MomentumSgd(
                        learningRates, RecipeSettings.MOMENTUM, RecipeSettings.WEIGHT_DECAY),
                learningRates);
    }

    /** Restores the optimizer's saved state, if it has one. */
    void restore(Path checkpoint, Model model, Trainer trainer) throws IOException {
        if (optimizer instanceof MomentumSgd sgd) {
            TrainingCheckpoint.loadOptimizer(
                    checkpoint, sgd, model.getBlock(), trainer.getManager());
        }
    }
}
