package dev.asyncdataset.internal;

import ai.djl.ndarray.NDManager;
import java.util.Iterator;
import java.util.List;

/**
 * Turns the sampler's index lists into numbered {@link PendingBatch}es, each with its own CPU
 * manager under the iteration's host manager.
 */
final class BatchPlanner {

    private final Iterator<List<Long>> sample;
    private final NDManager host;
    private final Collator collator;
    private long seq;

    BatchPlanner(Iterator<List<Long>> sample, NDManager host, Collator collator) {
        this.sample = sample;
        this.host = host;
        this.collator = collator;
    }

    boolean hasNext() {
        return sample.hasNext();
    }

    PendingBatch next() {
        List<Long> indices = List.copyOf(sample.next());
        return new PendingBatch(seq++, indices, host.newSubManager(), collator);
    }
}
