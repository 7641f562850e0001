package dev.asyncdataset.examples.samples;

import ai.djl.metric.Metric;
import ai.djl.metric.Metrics;
import ai.djl.training.Trainer;
import ai.djl.training.evaluator.Evaluator;
import ai.djl.training.listener.EvaluatorTrainingListener;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The training loss and the evaluators' values at the end of each epoch, as DJL's {@link
 * EvaluatorTrainingListener} records them: what the examples print and their tests check.
 *
 * @param loss the loss's name
 * @param values each evaluator's value per epoch, by evaluator name, the loss among them
 */
public record EpochCurves(String loss, Map<String, float[]> values) {

    /**
     * Reads the curves from the metrics of a trainer that has finished training.
     *
     * @param trainer the trainer, with its evaluators
     * @param metrics the metrics the trainer recorded into
     * @return the curves of the loss and of every evaluator
     */
    public static EpochCurves of(Trainer trainer, Metrics metrics) {
        Map<String, float[]> values = new LinkedHashMap<>();
        for (Evaluator evaluator : trainer.getEvaluators()) {
            String name =
                    EvaluatorTrainingListener.metricName(
                            evaluator, EvaluatorTrainingListener.TRAIN_EPOCH);
            List<Metric> epochs = metrics.getMetric(name);
            float[] curve = new float[epochs.size()];
            for (int i = 0; i < curve.length; i++) {
                curve[i] = epochs.get(i).getValue().floatValue();
            }
            values.put(evaluator.getName(), curve);
        }
        return new EpochCurves(trainer.getLoss().getName(), values);
    }

    /**
     * Returns the training loss of each epoch.
     *
     * @return the loss per epoch
     */
    public float[] lossPerEpoch() {
        return of(loss);
    }

    /**
     * Returns one evaluator's value at the end of each epoch.
     *
     * @param evaluator the evaluator's name
     * @return its value per epoch
     * @throws IllegalArgumentException if the trainer had no such evaluator
     */
    public float[] of(String evaluator) {
        float[] curve = values.get(evaluator);
        if (curve == null) {
            throw new IllegalArgumentException(
                    "no evaluator '" + evaluator + "'; recorded: " + values.keySet());
        }
        return curve;
    }

    /** Returns each curve, one line per evaluator, for the examples' output. */
    @Override
    public String toString() {
        StringBuilder lines = new StringBuilder();
        values.forEach(
                (name, curve) -> {
                    lines.append(String.format("%-26s", name));
                    for (float value : curve) {
                        lines.append(String.format(" %9.4f", value));
                    }
                    lines.append(System.lineSeparator());
                });
        return lines.toString();
    }
}
