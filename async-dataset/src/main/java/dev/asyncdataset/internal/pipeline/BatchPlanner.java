package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDManager;
import java.util.Iterator;
import java.util.List;

/**
 * Turns the sampler's index lists into numbered {@link PendingBatch}es, each with its own CPU
 * manager under the iteration's host manager and the buffers its {@link BatchAssembly} lends it.
 */
final class BatchPlanner {

    private final Iterator<List<Long>> sample;
    private final NDManager host;
    private final BatchAssembly assembly;
    private long seq;

    /**
     * @param sample the sampler's index lists
     * @param host the epoch's host manager
     * @param assembly lends each batch its buffers
     */
    BatchPlanner(Iterator<List<Long>> sample, NDManager host, BatchAssembly assembly) {
        this.sample = sample;
        this.host = host;
        this.assembly = assembly;
    }

    boolean hasNext() {
        return sample.hasNext();
    }

    PendingBatch next() {
        List<Long> indices = List.copyOf(sample.next());
        NDManager manager = host.newSubManager();
        return new PendingBatch(seq++, indices, manager, assembly.lend(indices.size(), manager));
    }
}
