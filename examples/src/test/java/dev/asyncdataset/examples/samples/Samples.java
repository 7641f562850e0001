package dev.asyncdataset.examples.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Dataset;
import ai.djl.translate.TranslateException;
import java.io.IOException;
import java.util.Arrays;

/** Checks the sample examples' tests share. */
final class Samples {

    private Samples() {}

    /**
     * Asserts that a loss was recorded for each of {@code epochs} epochs, is finite, and ended
     * below {@code fraction} of the first epoch's.
     */
    static void assertLossFalls(float[] loss, int epochs, float fraction) {
        String curve = "loss per epoch " + Arrays.toString(loss);
        assertEquals(epochs, loss.length, curve);
        for (float value : loss) {
            assertTrue(Float.isFinite(value), curve);
        }
        assertTrue(loss[epochs - 1] < loss[0] * fraction, curve);
    }

    /** The first batch of an epoch of {@code dataset}, in {@code manager}; the caller closes it. */
    static Batch firstBatch(Dataset dataset, NDManager manager)
            throws IOException, TranslateException {
        return dataset.getData(manager).iterator().next();
    }
}
