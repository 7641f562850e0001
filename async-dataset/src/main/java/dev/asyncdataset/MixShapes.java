package dev.asyncdataset;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.internal.mix.MixedSource;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Checks, the first time a mixed {@link ConcurrentDataset} is prepared, that every source has items
 * ({@link MixedSource#checkItems}) and that the sources give records of one shape: the first item
 * of each source that can be read is read, decoded and transformed as {@link ConcurrentDataset#get}
 * does, and the shapes and types of its data and labels must be those of the first source's (only
 * their number of dimensions where a batchifier does not stack, as one that pads does not). Bad
 * items are passed over (the bad-item policy deals with them during the epochs), up to {@value
 * #TRIES} per source.
 */
final class MixShapes {

    private static final int TRIES = 8;

    private final AtomicBoolean checked = new AtomicBoolean();

    /**
     * Checks the mix of {@code dataset} once.
     *
     * @throws IllegalArgumentException naming the source if one has no item, or both sources if two
     *     give records of different shapes
     * @throws IOException if none of a source's first items can be read
     */
    void check(ConcurrentDataset dataset, MixedSource<?> mix, boolean stacked) throws IOException {
        if (checked.get()) {
            return;
        }
        mix.checkItems();
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            String first = null;
            for (int s = 0; s < mix.sources().size(); s++) {
                String shape = shape(dataset, mix, s, manager, stacked);
                if (first == null) {
                    first = shape;
                } else if (!first.equals(shape)) {
                    throw new IllegalArgumentException(
                            "the sources of a mix must give records of one shape: "
                                    + mix.names().get(0)
                                    + " gives "
                                    + first
                                    + ", "
                                    + mix.names().get(s)
                                    + " gives "
                                    + shape);
                }
            }
        }
        checked.set(true);
    }

    private static String shape(
            ConcurrentDataset dataset,
            MixedSource<?> mix,
            int s,
            NDManager manager,
            boolean stacked)
            throws IOException {
        long size = mix.sources().get(s).size();
        Exception last = null;
        for (long i = 0; i < Math.min(size, TRIES); i++) {
            try {
                Record record = dataset.get(manager, mix.offset(s) + i);
                return "data "
                        + describe(record.getData(), stacked)
                        + ", labels "
                        + describe(record.getLabels(), stacked);
            } catch (IOException | RuntimeException e) {
                last = e;
            }
        }
        throw new IOException(
                "no item of " + mix.names().get(s) + " among its first " + TRIES + " could be read",
                last);
    }

    private static String describe(NDList arrays, boolean stacked) {
        StringBuilder text = new StringBuilder("[");
        for (NDArray array : arrays) {
            Shape shape = array.getShape();
            text.append(text.length() > 1 ? ", " : "")
                    .append(stacked ? shape : shape.dimension() + " dimensions")
                    .append(' ')
                    .append(array.getDataType());
        }
        return text.append(']').toString();
    }
}
