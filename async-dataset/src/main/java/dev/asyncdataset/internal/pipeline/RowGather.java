package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.Batch;

/**
 * Reads the rows of a whole batch of in-memory items at once, already stacked: one gather per array
 * (as DJL's own loader reads an {@code ArrayDataset}, {@code getByIndices}) instead of one slice
 * per item and a stack, with the same values.
 */
@FunctionalInterface
public interface RowGather {

    /**
     * Returns the stacked {data, labels} of the rows {@code indices}, in that order.
     *
     * @param manager the manager of the arrays
     * @param indices the rows
     * @return the batch's data and labels
     */
    NDList[] gather(NDManager manager, long[] indices);

    /**
     * Gathers the rows of in-memory arrays whose first axis is the item index.
     *
     * @param data the data arrays
     * @param labels the label arrays
     * @return the gather
     */
    static RowGather of(NDArray[] data, NDArray[] labels) {
        return (manager, indices) -> {
            try (NDArray rows = manager.create(indices)) {
                NDIndex index = new NDIndex("{}", rows);
                return new NDList[] {rows(data, manager, index), rows(labels, manager, index)};
            }
        };
    }

    /**
     * Gathers the rows of an {@code ArrayDataset} with its own {@code getByIndices}.
     *
     * @param dataset the dataset
     * @return the gather
     */
    static RowGather of(ArrayDataset dataset) {
        return (manager, indices) -> {
            Batch batch = dataset.getByIndices(manager, indices);
            return new NDList[] {batch.getData(), batch.getLabels()};
        };
    }

    private static NDList rows(NDArray[] arrays, NDManager manager, NDIndex index) {
        NDList rows = new NDList(arrays.length);
        for (NDArray array : arrays) {
            rows.add(array.get(manager, index));
        }
        return rows;
    }
}
