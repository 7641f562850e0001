package dev.asyncdataset.internal;

import ai.djl.ndarray.NDManager;
import java.util.Iterator;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;

/**
 * Turns the sampler's index lists into numbered {@link PendingBatch}es, each with its own CPU
 * manager under the iteration's host manager and, on the recycled path, its lease of host rows.
 */
final class BatchPlanner {

    private final Iterator<List<Long>> sample;
    private final NDManager host;
    private final Consumer<PendingBatch> whenFilled;
    private final BiFunction<Integer, NDManager, HostRows> rows;
    private long seq;

    /**
     * @param sample the sampler's index lists
     * @param host the epoch's host manager
     * @param whenFilled what each batch does once its last slot is filled
     * @param rows lends a batch of n items its recycled rows, owned by its manager; {@code null} on
     *     the per-item path
     */
    BatchPlanner(
            Iterator<List<Long>> sample,
            NDManager host,
            Consumer<PendingBatch> whenFilled,
            BiFunction<Integer, NDManager, HostRows> rows) {
        this.sample = sample;
        this.host = host;
        this.whenFilled = whenFilled;
        this.rows = rows;
    }

    boolean hasNext() {
        return sample.hasNext();
    }

    PendingBatch next() {
        List<Long> indices = List.copyOf(sample.next());
        NDManager manager = host.newSubManager();
        HostRows lent = rows == null ? null : rows.apply(indices.size(), manager);
        return new PendingBatch(seq++, indices, manager, lent, whenFilled);
    }
}
