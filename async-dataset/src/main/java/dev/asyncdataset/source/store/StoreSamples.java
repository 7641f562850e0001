package dev.asyncdataset.source.store;

import dev.asyncdataset.internal.items.LooseSamples;
import java.io.IOException;
import java.util.Map;

/**
 * The samples of a {@link StoreSampleSource}: every object under the folder grouped by WebDataset's
 * key rule ({@link LooseSamples}), and each object's length as listed.
 *
 * @param samples the samples and their parts' keys, relative to the folder
 * @param lengths each object's length by its key
 */
record StoreSamples(LooseSamples samples, Map<String, Long> lengths) {

    /** Lists the folder of {@code objects}. */
    static StoreSamples list(StoreObjects objects) throws IOException {
        Map<String, Long> lengths;
        try {
            lengths = objects.list();
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException("cannot list " + objects.shown(), e);
        }
        return new StoreSamples(
                LooseSamples.group(lengths.keySet()).requireSome(objects.shown()), lengths);
    }
}
