package dev.asyncdataset;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.translate.Batchifier;
import ai.djl.translate.StackBatchifier;

/**
 * The {@link Batchifier} of {@link ConcurrentDataset}: stacks the items of a batch into one new
 * host array per field, on the loader's decode threads, off the trainer's thread.
 *
 * <p>It never returns arrays that alias its inputs, so the items can be closed as soon as the batch
 * is stacked. Items that do not fit together are reported with the position of the first offending
 * item and field, not with an engine error. It is a {@link StackBatchifier}: unbatchifying and
 * splitting are DJL's, so a batch can be split across several devices, and the loader assembles its
 * batches in recycled rows exactly as for DJL's {@link Batchifier#STACK}.
 */
final class AsyncBatchifier extends StackBatchifier {

    private static final long serialVersionUID = 1L;

    /** Creates the batchifier; it holds no state. */
    AsyncBatchifier() {}

    /** {@inheritDoc} */
    @Override
    public NDList batchify(NDList[] inputs) {
        if (inputs.length == 0) {
            throw new IllegalArgumentException("cannot batchify zero items");
        }
        int fields = inputs[0].size();
        NDList batch = new NDList(fields);
        for (int field = 0; field < fields; field++) {
            batch.add(stack(inputs, field));
        }
        return batch;
    }

    private static NDArray stack(NDList[] inputs, int field) {
        NDArray first = inputs[0].get(field);
        NDList column = new NDList(inputs.length);
        for (int position = 0; position < inputs.length; position++) {
            column.add(checked(inputs[position], position, field, first));
        }
        NDArray stacked = NDArrays.stack(column);
        stacked.setName(first.getName());
        return stacked;
    }

    private static NDArray checked(NDList item, int position, int field, NDArray first) {
        if (item.size() <= field) {
            throw new IllegalArgumentException(
                    "item " + position + " has " + item.size() + " arrays, item 0 has more");
        }
        NDArray array = item.get(field);
        Shape shape = first.getShape();
        DataType type = first.getDataType();
        if (!array.getShape().equals(shape) || array.getDataType() != type) {
            throw new IllegalArgumentException(
                    "item "
                            + position
                            + ", array "
                            + field
                            + ": "
                            + array.getShape()
                            + " "
                            + array.getDataType()
                            + " does not stack with item 0's "
                            + shape
                            + " "
                            + type);
        }
        return array;
    }
}
