package dev.asyncdataset.testing;

import ai.djl.training.dataset.Batch;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/** The image and label bytes of every item an epoch hands out, to compare two ways of reading. */
public final class BatchItems {

    private BatchItems() {}

    /**
     * Each item's image and label bytes as hex, by index, in the order handed out; closes each
     * batch.
     */
    public static Map<Long, String> of(Iterable<Batch> batches) {
        Map<Long, String> items = new LinkedHashMap<>();
        for (Batch batch : batches) {
            try (batch) {
                for (int i = 0; i < batch.getSize(); i++) {
                    byte[] image = batch.getData().head().get(i).toByteArray();
                    byte[] label = batch.getLabels().head().get(i).toByteArray();
                    items.put(
                            (Long) batch.getIndices().get(i),
                            HexFormat.of().formatHex(image)
                                    + "/"
                                    + HexFormat.of().formatHex(label));
                }
            }
        }
        return items;
    }
}
