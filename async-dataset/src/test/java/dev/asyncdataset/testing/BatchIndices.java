package dev.asyncdataset.testing;

import ai.djl.training.dataset.Batch;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** The item indices of the batches an epoch hands out. */
public final class BatchIndices {

    private BatchIndices() {}

    /**
     * Takes the first {@code limit} batches (all if negative), closing each, then closes the
     * iterator if it can be closed, and returns the indices of each batch.
     */
    public static List<List<Long>> take(Iterator<Batch> batches, int limit) {
        List<List<Long>> all = new ArrayList<>();
        while (all.size() != limit && batches.hasNext()) {
            try (Batch batch = batches.next()) {
                all.add(batch.getIndices().stream().map(Long.class::cast).toList());
            }
        }
        close(batches);
        return all;
    }

    /** Closes {@code batches} if it can be closed (a {@code ConcurrentDataset}'s can). */
    public static void close(Iterator<Batch> batches) {
        if (batches instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** Returns the indices of all batches in one list. */
    public static List<Long> flat(List<List<Long>> batches) {
        return batches.stream().flatMap(List::stream).toList();
    }
}
