package dev.asyncdataset.examples;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.training.Trainer;
import ai.djl.training.listener.TrainingListenerAdapter;
import ai.djl.training.loss.Loss;
import java.util.Map;
import java.util.Properties;

/**
 * The training totals of the current epoch, kept by a training listener from every batch's
 * predictions (loss and correct top-1 predictions) and by the training loop (training and data-wait
 * time): the CSV log's train loss, accuracy, images/s and data-wait share, saved with a checkpoint
 * so a resumed epoch reports the whole epoch. One training thread updates it.
 */
public final class EpochTotals extends TrainingListenerAdapter {

    private final Loss loss;
    private double lossSum;
    private long correct;
    private long items;
    private long trainNanos;
    private long waitNanos;
    private float lastLoss = Float.NaN;

    /**
     * Creates empty totals.
     *
     * @param loss the training loss, evaluated again on each batch's predictions
     */
    public EpochTotals(Loss loss) {
        this.loss = loss;
    }

    /** Adds the batch's loss and correct predictions, over all devices. */
    @Override
    public void onTrainingBatch(Trainer trainer, BatchData batchData) {
        Map<?, NDList> labels = batchData.getLabels();
        double batchLoss = 0;
        long batchItems = 0;
        for (Map.Entry<?, NDList> device : labels.entrySet()) {
            NDList predictions = batchData.getPredictions().get(device.getKey());
            NDArray label = device.getValue().singletonOrThrow();
            long n = label.getShape().get(0);
            batchLoss += loss.evaluate(device.getValue(), predictions).getFloat() * n;
            NDArray argMax = predictions.singletonOrThrow().argMax(1);
            correct += argMax.toType(label.getDataType(), false).eq(label).countNonzero().getLong();
            batchItems += n;
        }
        lossSum += batchLoss;
        items += batchItems;
        lastLoss = (float) (batchLoss / batchItems);
    }

    /**
     * Adds time spent training, and the part of it spent waiting for data.
     *
     * @param train nanoseconds of training
     * @param wait nanoseconds of it waiting for batches
     */
    public void addTime(long train, long wait) {
        trainNanos += train;
        waitNanos += wait;
    }

    /**
     * Returns the mean loss of the last batch.
     *
     * @return the loss, NaN before the first batch
     */
    public float lastLoss() {
        return lastLoss;
    }

    /**
     * Returns the epoch's mean training loss so far.
     *
     * @return the loss, NaN before the first batch
     */
    public double meanLoss() {
        return items == 0 ? Double.NaN : lossSum / items;
    }

    /**
     * Returns the epoch's training top-1 accuracy so far.
     *
     * @return a fraction, NaN before the first batch
     */
    public double accuracy() {
        return items == 0 ? Double.NaN : (double) correct / items;
    }

    /**
     * Returns the epoch's training throughput so far.
     *
     * @return images per second of training time
     */
    public double imagesPerSecond() {
        return trainNanos == 0 ? 0 : items / (trainNanos / 1e9);
    }

    /**
     * Returns the share of the epoch's training time spent waiting for data.
     *
     * @return a fraction between 0 and 1
     */
    public double dataWaitShare() {
        return trainNanos == 0 ? 0 : (double) waitNanos / trainNanos;
    }

    /** Starts a new epoch. */
    public void reset() {
        lossSum = 0;
        correct = 0;
        items = 0;
        trainNanos = 0;
        waitNanos = 0;
    }

    /**
     * Writes the totals into checkpoint properties.
     *
     * @param state the properties to add to
     */
    public void saveTo(Properties state) {
        state.setProperty("epoch.loss_sum", Double.toString(lossSum));
        state.setProperty("epoch.correct", Long.toString(correct));
        state.setProperty("epoch.items", Long.toString(items));
        state.setProperty("epoch.train_nanos", Long.toString(trainNanos));
        state.setProperty("epoch.wait_nanos", Long.toString(waitNanos));
    }

    /**
     * Restores the totals {@link #saveTo} wrote.
     *
     * @param state the checkpoint's properties
     */
    public void restore(Properties state) {
        lossSum = Double.parseDouble(state.getProperty("epoch.loss_sum"));
        correct = Long.parseLong(state.getProperty("epoch.correct"));
        items = Long.parseLong(state.getProperty("epoch.items"));
        trainNanos = Long.parseLong(state.getProperty("epoch.train_nanos"));
        waitNanos = Long.parseLong(state.getProperty("epoch.wait_nanos"));
    }
}
