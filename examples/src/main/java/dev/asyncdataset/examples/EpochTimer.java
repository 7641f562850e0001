package dev.asyncdataset.examples;

import ai.djl.training.Trainer;
import ai.djl.training.listener.TrainingListenerAdapter;
import java.util.ArrayList;
import java.util.List;

/** A training listener that records the wall time of every epoch. */
public final class EpochTimer extends TrainingListenerAdapter {

    private final List<Long> epochNanos = new ArrayList<>();
    private long epochStart;

    /** Starts timing the first epoch. */
    @Override
    public void onTrainingBegin(Trainer trainer) {
        epochStart = System.nanoTime();
    }

    /** Records the epoch that just ended and starts timing the next. */
    @Override
    public void onEpoch(Trainer trainer) {
        long now = System.nanoTime();
        epochNanos.add(now - epochStart);
        epochStart = now;
    }

    /**
     * Returns the recorded epoch times.
     *
     * @return nanoseconds per epoch, in order
     */
    public List<Long> epochNanos() {
        return List.copyOf(epochNanos);
    }
}
