package dev.asyncdataset;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.source.ItemSource;
import java.util.Arrays;

/**
 * Items held in memory as arrays whose first axis is the item index, like DJL's {@code
 * ArrayDataset}: item {@code i} is row {@code i} of every data array and every label array.
 */
final class ArraySource implements ItemSource<Long> {

    private final NDArray[] data;
    private final NDArray[] labels;

    /**
     * Creates a source over the rows of {@code data} and {@code labels}.
     *
     * @param data the data arrays, at least one, all with the same first dimension
     * @param labels the label arrays, possibly none, with the same first dimension
     */
    ArraySource(NDArray[] data, NDArray[] labels) {
        if (data.length == 0) {
            throw new IllegalArgumentException("no data arrays");
        }
        long rows = data[0].size(0);
        for (NDArray array : concat(data, labels)) {
            if (array.getShape().dimension() == 0 || array.size(0) != rows) {
                throw new IllegalArgumentException(
                        "array of shape " + array.getShape() + " does not have " + rows + " rows");
            }
        }
        this.data = data.clone();
        this.labels = labels.clone();
    }

    @Override
    public long size() {
        return data[0].size(0);
    }

    @Override
    public Long fetch(NDManager manager, long index) {
        return index;
    }

    @Override
    public Record decode(NDManager manager, long index, Long fetched) {
        return new Record(rows(data, manager, index), rows(labels, manager, index));
    }

    private static NDList rows(NDArray[] arrays, NDManager manager, long index) {
        NDList rows = new NDList(arrays.length);
        for (NDArray array : arrays) {
            rows.add(array.get(manager, index));
        }
        return rows;
    }

    private static NDArray[] concat(NDArray[] a, NDArray[] b) {
        NDArray[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
