package dev.asyncdataset.testing;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.sample.NumpyFiles;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.SampleDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Samples of four parts (a JPEG, an array saved by NumPy, a class and a JSON object) as loose
 * files, and the decoder of their records.
 */
public final class TestSamples {

    /** The JSON part: the sample's number as its weight. */
    public record Meta(float weight) {}

    /** The image and the array as data; the class and the JSON weight as labels. */
    public static final SampleDecoder DECODER =
            (manager, sample) ->
                    new Record(
                            new NDList(
                                    Parts.image(manager, sample, "jpg"),
                                    Parts.npy(manager, sample, "npy")),
                            new NDList(
                                    Parts.integer(manager, sample, "cls"),
                                    manager.create(
                                            Parts.json(sample, "json", Meta.class).weight())));

    /** The parts of each sample. */
    public static final int PARTS = 4;

    private TestSamples() {}

    /**
     * Returns {@code count} samples as files by path: sample {@code i} is {@code part<i %
     * 2>/<iii>}, with a 32x24 JPEG, a float32 2x3 array, class {@code i % 3} and weight {@code i}.
     */
    public static Map<String, byte[]> files(int count) {
        Map<String, byte[]> files = new TreeMap<>();
        for (int i = 0; i < count; i++) {
            String key = String.format("part%d/%03d", i % 2, i);
            files.put(key + ".jpg", TestImages.jpeg(32, 24, i));
            files.put(key + ".npy", NumpyFiles.read("float32_2x3.npy"));
            files.put(key + ".cls", utf8(Integer.toString(i % 3)));
            files.put(key + ".json", utf8("{\"weight\": " + i + "}"));
        }
        return files;
    }

    /** Runs one epoch of a loader of these samples; returns their weights in delivery order. */
    public static List<Float> weights(ConcurrentDataset dataset, NDManager manager)
            throws Exception {
        List<Float> weights = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            for (float weight : batch.getLabels().get(1).toFloatArray()) {
                weights.add(weight);
            }
            batch.close();
        }
        return weights;
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
