package dev.asyncdataset.examples.samples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import org.junit.jupiter.api.Test;

class AnchorTargetsTest {

    /** Anchors: the top-left quarter, the bottom-right quarter, the whole picture. */
    private static final float[] ANCHORS = {0, 0, 0.5f, 0.5f, 0.5f, 0.5f, 1, 1, 0, 0, 1, 1};

    /**
     * Picture 0: a class-1 box overlapping the bottom-right anchor by IoU 0.82; picture 1: a
     * class-0 box overlapping no anchor by 0.5, which still gets its best anchor (top-left, IoU
     * 0.36). Both padded with a row of -1.
     */
    private static final float[] LABELS = {
        1, 0.55f, 0.5f, 1.05f, 1, -1, -1, -1, -1, -1, 0, 0, 0, 0.3f, 0.3f, -1, -1, -1, -1, -1
    };

    @Test
    void eachBoxGetsItsBestAnchorAndTheRestAreBackground() {
        try (NDManager manager = NDManager.newBaseManager()) {
            NDList targets = targets(manager);
            assertArrayEquals(new float[] {0, 2, 0, 1, 0, 0}, targets.get(2).toFloatArray());
            float[] mask = {0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0};
            assertArrayEquals(mask, targets.get(1).toFloatArray());
        }
    }

    @Test
    void offsetsAreCentreShiftsAndLogSizesOverTheVariances() {
        try (NDManager manager = NDManager.newBaseManager()) {
            float[] offsets = targets(manager).get(0).toFloatArray();
            float[] shifted = {offsets[4], offsets[5], offsets[6], offsets[7]};
            assertArrayEquals(new float[] {1, 0, 0, 0}, shifted, 1e-4f);
            float logSize = (float) (Math.log(0.3 / 0.5) / 0.2);
            float[] small = {offsets[12], offsets[13], offsets[14], offsets[15]};
            assertArrayEquals(new float[] {-2, -2, logSize, logSize}, small, 1e-4f);
        }
    }

    private static NDList targets(NDManager manager) {
        return AnchorTargets.of(
                manager.create(ANCHORS, new Shape(1, 3, 4)),
                manager.create(LABELS, new Shape(2, 2, 5)));
    }
}
