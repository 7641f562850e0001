package dev.asyncdataset.examples;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.TranslateException;
import ai.djl.util.Progress;
import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.ExecutorService;

/**
 * Wraps the dataset given to {@code EasyTrain.fit} and measures, the same way for any loader, the
 * time the training thread spends inside its batch iterator's {@code hasNext} and {@code next}: the
 * time the trainer waits for data. It can also end each epoch after a number of batches. It emits
 * {@link TrainingEvents} for a recording: each batch's wait, then the step that uses it. Not
 * thread-safe: one training thread uses it.
 */
public final class TimedDataset implements Dataset {

    private final RandomAccessDataset dataset;
    private final int maxSteps;
    private long waitNanos;
    private long images;
    private long epochs;

    /**
     * Wraps {@code dataset}.
     *
     * @param dataset the loader under test
     * @param maxSteps the most batches per epoch, 0 for whole epochs
     */
    public TimedDataset(RandomAccessDataset dataset, int maxSteps) {
        this.dataset = dataset;
        this.maxSteps = maxSteps > 0 ? maxSteps : Integer.MAX_VALUE;
    }

    /**
     * Returns the time spent in the iterators' {@code hasNext} and {@code next} so far.
     *
     * @return the data-wait time, in nanoseconds
     */
    public long waitNanos() {
        return waitNanos;
    }

    /**
     * Returns how many items the delivered batches held so far.
     *
     * @return the images delivered
     */
    public long images() {
        return images;
    }

    /** {@inheritDoc} */
    @Override
    public Iterable<Batch> getData(NDManager manager) throws IOException, TranslateException {
        return getData(manager, null);
    }

    /** {@inheritDoc} */
    @Override
    public Iterable<Batch> getData(NDManager manager, ExecutorService executor)
            throws IOException, TranslateException {
        long start = System.nanoTime();
        Iterable<Batch> batches = dataset.getData(manager, executor);
        waitNanos += System.nanoTime() - start;
        long epoch = epochs++;
        return () -> new TimedIterator(batches.iterator(), epoch);
    }

    /** {@inheritDoc} */
    @Override
    public void prepare(Progress progress) throws IOException, TranslateException {
        dataset.prepare(progress);
    }

    /** Times one epoch's iterator and cuts it after {@code maxSteps} batches. */
    private final class TimedIterator implements Iterator<Batch> {

        private final Iterator<Batch> batches;
        private final long epoch;
        private int steps;
        private TrainingEvents.GetBatch waiting;
        private TrainingEvents.TrainStep step;

        TimedIterator(Iterator<Batch> batches, long epoch) {
            this.batches = batches;
            this.epoch = epoch;
        }

        @Override
        public boolean hasNext() {
            endStep();
            if (steps >= maxSteps) {
                closeEarly();
                return false;
            }
            startWaiting();
            long start = System.nanoTime();
            try {
                boolean more = batches.hasNext();
                waiting = more ? waiting : null;
                return more;
            } finally {
                waitNanos += System.nanoTime() - start;
            }
        }

        @Override
        public Batch next() {
            if (steps >= maxSteps) {
                throw new NoSuchElementException("epoch cut at " + maxSteps + " steps");
            }
            startWaiting();
            long start = System.nanoTime();
            try {
                Batch batch = batches.next();
                waiting.delivered(epoch, steps);
                waiting = null;
                step = TrainingEvents.TrainStep.begin(epoch, steps);
                steps++;
                images += batch.getSize();
                return batch;
            } finally {
                waitNanos += System.nanoTime() - start;
            }
        }

        private void startWaiting() {
            if (waiting == null) {
                waiting = new TrainingEvents.GetBatch();
                waiting.begin();
            }
        }

        private void endStep() {
            if (step != null) {
                step.done();
                step = null;
            }
        }

        /** Stops the loader's threads now rather than when the iterator is collected. */
        private void closeEarly() {
            if (batches instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    throw new IllegalStateException("cannot close the batch iterator", e);
                }
            }
        }
    }
}
