package dev.asyncdataset.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.training.dataset.Batch;
import java.util.Iterator;

/** Compares the batches of two loaders, array by array. */
public final class SameBatches {

    private SameBatches() {}

    /** Asserts that {@code got} yields batches with the same data and labels as {@code want}. */
    public static void assertSameBatches(Iterator<Batch> want, Iterator<Batch> got) {
        int batch = 0;
        while (want.hasNext()) {
            assertTrue(got.hasNext(), "fewer batches than expected: " + batch);
            try (Batch expected = want.next();
                    Batch actual = got.next()) {
                assertSameArrays(expected.getData(), actual.getData(), "batch " + batch + " data");
                assertSameArrays(expected.getLabels(), actual.getLabels(), "batch " + batch);
            }
            batch++;
        }
        assertFalse(got.hasNext(), "more batches than expected: " + batch);
    }

    private static void assertSameArrays(NDList want, NDList got, String what) {
        assertEquals(want.size(), got.size(), what);
        for (int i = 0; i < want.size(); i++) {
            assertTrue(
                    want.get(i).contentEquals(got.get(i)),
                    what + " array " + i + ": " + want.get(i) + " vs " + got.get(i));
        }
    }
}
