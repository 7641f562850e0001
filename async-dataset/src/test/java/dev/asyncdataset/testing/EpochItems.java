package dev.asyncdataset.testing;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.ConcurrentDataset;

/** Runs one epoch of a dataset and counts what it delivers. */
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
}
