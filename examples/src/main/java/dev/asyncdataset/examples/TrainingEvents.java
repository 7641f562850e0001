package dev.asyncdataset.examples;

import jdk.jfr.Category;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * The training loop's JDK Flight Recorder events, the same for any loader (DJL's own emits none of
 * the library's): the trainer's thread getting a batch from the iterator, then running its training
 * step until it asks for the next one. {@link TimedDataset} emits them; {@code
 * timeline.RenderTimeline} draws them as the trainer's lanes.
 */
public final class TrainingEvents {

    /** The name of {@link GetBatch}. */
    public static final String GET_BATCH = "dev.asyncdataset.examples.GetBatch";

    /** The name of {@link TrainStep}. */
    public static final String TRAIN_STEP = "dev.asyncdataset.examples.TrainStep";

    private TrainingEvents() {}

    /** The trainer's thread in the iterator's {@code hasNext} and {@code next} for one batch. */
    @Name(GET_BATCH)
    @Label("Get Batch")
    @Category({"async-dataset", "Training"})
    @StackTrace(false)
    static final class GetBatch extends Event {
        @Label("Epoch")
        long epoch;

        @Label("Batch")
        long batch;

        /** Ends the wait for batch {@code batch} of {@code epoch} and commits it if recorded. */
        void delivered(long epoch, long batch) {
            end();
            if (shouldCommit()) {
                this.epoch = epoch;
                this.batch = batch;
                commit();
            }
        }
    }

    /** The trainer's thread between receiving a batch and asking for the next: its step. */
    @Name(TRAIN_STEP)
    @Label("Train Step")
    @Category({"async-dataset", "Training"})
    @StackTrace(false)
    static final class TrainStep extends Event {
        @Label("Epoch")
        long epoch;

        @Label("Batch")
        long batch;

        /** Starts the step on batch {@code batch} of {@code epoch}. */
        static TrainStep begin(long epoch, long batch) {
            TrainStep step = new TrainStep();
            step.epoch = epoch;
            step.batch = batch;
            step.begin();
            return step;
        }

        /** Ends the step and commits it if recorded. */
        void done() {
            end();
            if (shouldCommit()) {
                commit();
            }
        }
    }
}
