package dev.asyncdataset.examples.samples;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Generates a regression set as NumPy files, WebDataset style: sample {@code 000001} is {@code
 * 000001.features.npy} (float32, shape ({@value #FEATURES})) and {@code 000001.target.npy}
 * (float32, shape (1)), the target a fixed linear function of the features plus a little noise.
 */
public final class FeatureData {

    /** How many features a sample has. */
    public static final int FEATURES = 8;

    private FeatureData() {}

    /**
     * Writes {@code count} samples into {@code root}.
     *
     * @param root the folder, created if needed
     * @param count how many samples
     * @param seed the seed of the features, the weights and the noise
     * @throws IOException if a file cannot be written
     */
    public static void write(Path root, int count, long seed) throws IOException {
        Files.createDirectories(root);
        SplittableRandom random = new SplittableRandom(seed);
        float[] weights = uniform(random, FEATURES + 1);
        try (NDManager manager = NDManager.newBaseManager()) {
            for (int i = 0; i < count; i++) {
                float[] features = uniform(random, FEATURES);
                float target = weights[FEATURES] + 0.01f * (float) random.nextGaussian();
                for (int f = 0; f < FEATURES; f++) {
                    target += weights[f] * features[f];
                }
                String key = String.format("%06d", i);
                write(root.resolve(key + ".features.npy"), manager.create(features));
                write(root.resolve(key + ".target.npy"), manager.create(new float[] {target}));
            }
        }
    }

    private static void write(Path file, NDArray array) throws IOException {
        Files.write(file, NpyBytes.of(array));
        array.close();
    }

    private static float[] uniform(SplittableRandom random, int size) {
        float[] values = new float[size];
        for (int i = 0; i < size; i++) {
            values[i] = (float) random.nextDouble(-1, 1);
        }
        return values;
    }
}
