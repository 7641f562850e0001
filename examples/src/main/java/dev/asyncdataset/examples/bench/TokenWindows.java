package dev.asyncdataset.examples.bench;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.PackedDataset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Pre-tokenized text for DJL's own loader: one epoch of a {@link PackedDataset}'s windows (inputs
 * and shifted labels) copied into an {@link ArrayDataset} held in memory, which DJL batches with
 * its {@code DataIterable} as it does any {@code RandomAccessDataset}.
 */
final class TokenWindows {

    private TokenWindows() {}

    /**
     * Reads one epoch of {@code packed} and returns its windows, shuffled in batches of {@code
     * batch}.
     *
     * @param packed the packed text
     * @param manager where the arrays live
     * @param batch the windows of each batch
     * @return the in-memory dataset
     * @throws Exception if the text cannot be read
     */
    static ArrayDataset read(PackedDataset packed, NDManager manager, int batch) throws Exception {
        List<long[]> inputs = new ArrayList<>();
        List<long[]> labels = new ArrayList<>();
        long seqLen = 0;
        for (Batch b : packed.getData(manager)) {
            try (b) {
                inputs.add(b.getData().head().toLongArray());
                labels.add(b.getLabels().head().toLongArray());
                seqLen = b.getData().head().getShape().get(1);
            }
        }
        return new ArrayDataset.Builder()
                .setData(stacked(manager, inputs, seqLen))
                .optLabels(stacked(manager, labels, seqLen))
                .setSampling(batch, true)
                .build();
    }

    private static NDArray stacked(NDManager manager, List<long[]> batches, long seqLen) {
        long[] all = batches.stream().flatMapToLong(Arrays::stream).toArray();
        return manager.create(all, new Shape(all.length / seqLen, seqLen));
    }
}
