package dev.asyncdataset.internal;

import ai.djl.ndarray.NDManager;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns the sampler's index lists into numbered {@link PendingBatch}es, each with its own CPU
 * manager under the iteration's host manager.
 */
final class BatchPlanner {

    private final Iterator<List<Long>> sample;
    private final NDManager host;
    private final Consumer<PendingBatch> whenFilled;
    private long seq;

    /**
     * @param sample the sampler's index lists
     * @param host the epoch's host manager
     * @param whenFilled what each batch does once its last slot is filled
     */
    BatchPlanner(Iterator<List<Long>> sample, NDManager host, Consumer<PendingBatch> whenFilled) {
        this.sample = sample;
        this.host = host;
        this.whenFilled = whenFilled;
    }

    boolean hasNext() {
        return sample.hasNext();
    }

    PendingBatch next() {
        List<Long> indices = List.copyOf(sample.next());
        return new PendingBatch(seq++, indices, host.newSubManager(), whenFilled);
    }
}
