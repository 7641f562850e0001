package dev.asyncdataset.testing;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.ConcurrentDataset;
import java.util.ArrayList;
import java.util.List;

/** Runs one epoch of a dataset and counts or lists what it delivers. */
public final class EpochItems {

    private EpochItems() {}

    /** The items of one epoch of {@code dataset}, each batch closed as the trainer closes it. */
    public static long count(ConcurrentDataset dataset) throws Exception {
        long items = 0;
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(manager)) {
                try (batch) {
                    items += batch.getSize();
                }
            }
        }
        return items;
    }

    /** The first labels of the items of one epoch of {@code dataset}, in ascending order. */
    public static List<Long> sortedLabels(ConcurrentDataset dataset) throws Exception {
        List<Long> labels = new ArrayList<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(manager)) {
                try (batch) {
                    for (long label : batch.getLabels().head().toLongArray()) {
                        labels.add(label);
                    }
                }
            }
        }
        return labels.stream().sorted().toList();
    }
}
