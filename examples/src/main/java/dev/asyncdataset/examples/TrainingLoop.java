package dev.asyncdataset.examples;

import ai.djl.Model;
import ai.djl.training.EasyTrain;
import ai.djl.training.Trainer;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.epoch.IterationState;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * {@code EasyTrain.fit}'s loop ({@code EasyTrain.trainBatch}, {@code trainer.step()}, the batch
 * closed, DJL's listeners told of each batch and epoch) with what the ResNet-18 example adds:
 * validation after each epoch ({@link Validation}), the per-epoch CSV row, the per-step log, and a
 * checkpoint every {@code checkpointEvery} steps and at each epoch's end, taken between two steps
 * (DJL's listeners see a batch before the optimizer step, too early for a checkpoint). Epochs count
 * from a resumed checkpoint's, so a resumed run continues at its next batch.
 */
final class TrainingLoop {

    /** The trained model, its trainer and optimizer, and the learning rate they follow. */
    record Learner(Model model, Trainer trainer, Optimizer optimizer, Tracker learningRates) {}

    /** The training data (timed), its loader, the validation split and the number of classes. */
    record Data(TimedDataset train, Dataset loader, Dataset val, int classes) {}

    /** The outputs: checkpoints, CSV and step log. */
    record Outputs(String checkpointDir, int checkpointEvery, EpochCsv csv, StepLog steps) {}

    /**
     * What the loop measured.
     *
     * @param trainNanos the time spent training (validation excluded)
     * @param epochNanos each epoch's training time
     * @param loss the last epoch's mean training loss
     * @param validation the last validation
     */
    record Outcome(long trainNanos, List<Long> epochNanos, double loss, Validation validation) {}

    private final Learner model;
    private final Data data;
    private final Outputs outputs;
    private final EpochTotals totals;
    private long step;

    TrainingLoop(Learner model, Data data, Outputs outputs, EpochTotals totals) {
        this.model = model;
        this.data = data;
        this.outputs = outputs;
        this.totals = totals;
    }

    /** Trains from {@code start} (or the beginning) to the end of epoch {@code epochs - 1}. */
    Outcome run(int epochs, TrainingCheckpoint start) throws Exception {
        int first = start == null ? 0 : start.epoch();
        step = start == null ? 0 : start.step();
        long batch = start == null ? 0 : start.loader().batches();
        long trainNanos = 0;
        List<Long> epochNanos = new ArrayList<>();
        Validation validation = Validation.NONE;
        double loss = Double.NaN;
        for (int epoch = first; epoch < epochs; epoch++) {
            long nanos = trainEpoch(epoch, batch);
            trainNanos += nanos;
            epochNanos.add(nanos);
            batch = 0;
            if (data.val() != null) {
                validation = Validation.run(model.trainer(), data.val(), data.classes());
            }
            model.trainer().notifyListeners(listener -> listener.onEpoch(model.trainer()));
            float lr = model.learningRates().getNewValue((int) step);
            outputs.csv().append(epoch + 1, totals, validation, lr);
            System.out.printf(
                    Locale.ROOT,
                    "epoch %d: train loss %.4f, train acc %.3f, %s%n",
                    epoch + 1,
                    totals.meanLoss(),
                    totals.accuracy(),
                    validation.describe());
            loss = totals.meanLoss();
            totals.reset();
            checkpoint(epoch + 1, nextEpoch(epoch + 1));
        }
        return new Outcome(trainNanos, epochNanos, loss, validation);
    }

    /** One epoch's batches from {@code batch} on; returns its training time. */
    private long trainEpoch(int epoch, long batch) throws Exception {
        Trainer trainer = model.trainer();
        long epochStart = System.nanoTime();
        long at = batch;
        Stopwatch watch = new Stopwatch(data.train());
        for (Batch next : trainer.iterateDataset(data.train())) {
            EasyTrain.trainBatch(trainer, next);
            trainer.step();
            List<?> indices = next.getIndices();
            next.close();
            step++;
            outputs.steps().write(epoch, at++, step, totals.lastLoss(), indices);
            if (outputs.checkpointEvery() > 0 && step % outputs.checkpointEvery() == 0) {
                watch.addTo(totals);
                checkpoint(epoch, outputs.checkpointDir().isEmpty() ? null : loaderState());
                watch.restart();
            }
        }
        watch.addTo(totals);
        return System.nanoTime() - epochStart;
    }

    /** Training and data-wait time since it was (re)started, checkpoints left out. */
    private static final class Stopwatch {

        private final TimedDataset train;
        private long start;
        private long waited;

        Stopwatch(TimedDataset train) {
            this.train = train;
            restart();
        }

        void restart() {
            start = System.nanoTime();
            waited = train.waitNanos();
        }

        void addTo(EpochTotals totals) {
            totals.addTime(System.nanoTime() - start, train.waitNanos() - waited);
        }
    }

    /** Saves a checkpoint, with checkpoints on (and so a ConcurrentDataset to train from). */
    private void checkpoint(int epoch, IterationState loader) throws Exception {
        if (loader == null) {
            return;
        }
        Properties state = new Properties();
        totals.saveTo(state);
        Path saved =
                TrainingCheckpoint.save(
                        Path.of(outputs.checkpointDir()),
                        model.model(),
                        model.optimizer(),
                        new TrainingCheckpoint(epoch, step, loader, state));
        System.out.printf(
                "checkpoint %s: epoch %d, batch %d, step %d%n",
                saved, epoch, loader.batches(), step);
    }

    /** Where the loader is now: the batches handed to this loop in this epoch. */
    private IterationState loaderState() {
        return ((ConcurrentDataset) data.loader()).iterationState();
    }

    /** The state of the start of epoch {@code epoch}; only called with checkpoints. */
    private IterationState nextEpoch(int epoch) {
        if (outputs.checkpointDir().isEmpty()) {
            return null;
        }
        IterationState now = loaderState();
        return now.samples() < 0
                ? new IterationState(now.seed(), epoch, 0)
                : new IterationState(now.seed(), epoch, 0, 0, now.partitions());
    }
}
