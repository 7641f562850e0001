package dev.asyncdataset.internal.loose;

import ai.djl.util.Progress;
import dev.asyncdataset.internal.items.LooseSamples;
import java.io.IOException;
import java.util.Map;

/**
 * The samples of a source of loose objects: every object under the folder grouped by WebDataset's
 * key rule ({@link LooseSamples}), and each object's length as listed.
 *
 * @param samples the samples and their parts' keys, relative to the folder
 * @param lengths each object's length by its key
 */
public record StoreSamples(LooseSamples samples, Map<String, Long> lengths) {

    /**
     * Lists the folder of {@code objects}.
     *
     * @param objects the source's objects
     * @param progress reports the listing, or null
     * @return the samples
     * @throws IOException if the listing fails within the retry budget
     */
    public static StoreSamples list(StoreObjects objects, Progress progress) throws IOException {
        Map<String, Long> lengths;
        try {
            lengths = objects.list(progress);
        } catch (UnsupportedOperationException e) {
            throw new IllegalArgumentException("cannot list " + objects.shown(), e);
        }
        return new StoreSamples(
                LooseSamples.group(lengths.keySet()).requireSome(objects.shown()), lengths);
    }
}
