package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.index.NDIndex;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.internal.djl.DjlDatasets;

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
     * Gathers the rows of a wrapped dataset as DJL's loader reads them when it is an {@code
     * ArrayDataset} read by {@code ArrayDataset.get}: its own {@code getByIndices}, then its data
     * pipeline on the batch's data.
     *
     * @param dataset the wrapped dataset
     * @return the gather, or {@code null} if the dataset is not such rows
     */
    static RowGather of(RandomAccessDataset dataset) {
        if (!DjlDatasets.readsRows(dataset)) {
            return null;
        }
        ArrayDataset arrays = (ArrayDataset) dataset;
        Pipeline pipeline = DjlDatasets.pipeline(dataset, "pipeline");
        return (manager, indices) -> {
            Batch batch = arrays.getByIndices(manager, indices);
            NDList data = pipeline != null ? pipeline.transform(batch.getData()) : batch.getData();
            return new NDList[] {data, batch.getLabels()};
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
