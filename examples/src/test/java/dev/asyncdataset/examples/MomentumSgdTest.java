package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MomentumSgdTest {

    private static final Tracker RATES =
            Tracker.warmUp()
                    .setMainTracker(
                            Tracker.cosine()
                                    .setBaseValue(0.1f)
                                    .optFinalValue(0)
                                    .setMaxUpdates(8)
                                    .build())
                    .optWarmUpSteps(2)
                    .build();

    @Test
    void updatesAsDjlSgdDoes() {
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray ours = manager.arange(6f).reshape(2, 3);
            NDArray djls = ours.duplicate();
            Optimizer sgd =
                    Optimizer.sgd()
                            .setLearningRateTracker(RATES)
                            .optMomentum(0.9f)
                            .optWeightDecays(1e-4f)
                            .build();
            MomentumSgd momentumSgd = new MomentumSgd(RATES, 0.9f, 1e-4f);
            for (int step = 0; step < 5; step++) {
                NDArray gradient = gradient(manager, step);
                momentumSgd.update("w", ours, gradient);
                sgd.update("w", djls, gradient);
            }
            assertArrayEquals(djls.toFloatArray(), ours.toFloatArray());
            assertEquals(5, momentumSgd.steps());
        }
    }

    @Test
    void restoredStateContinuesAsIfNeverStopped() throws IOException {
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray straight = manager.arange(6f).reshape(2, 3);
            NDArray resumed = straight.duplicate();
            MomentumSgd uninterrupted = new MomentumSgd(RATES, 0.9f, 1e-4f);
            MomentumSgd first = new MomentumSgd(RATES, 0.9f, 1e-4f);
            for (int step = 0; step < 3; step++) {
                uninterrupted.update("w", straight, gradient(manager, step));
                first.update("w", resumed, gradient(manager, step));
            }
            ByteArrayOutputStream saved = new ByteArrayOutputStream();
            first.save(new DataOutputStream(saved), Map.of("w", "layer_weight"));
            MomentumSgd second = new MomentumSgd(RATES, 0.9f, 1e-4f);
            second.load(
                    new DataInputStream(new ByteArrayInputStream(saved.toByteArray())),
                    manager,
                    Map.of("layer_weight", "w2"));
            for (int step = 3; step < 6; step++) {
                uninterrupted.update("w", straight, gradient(manager, step));
                second.update("w2", resumed, gradient(manager, step));
            }
            assertArrayEquals(straight.toFloatArray(), resumed.toFloatArray());
            assertEquals(6, second.steps());
        }
    }

    private static NDArray gradient(NDManager manager, int step) {
        return manager.arange(6f).reshape(new Shape(2, 3)).mul(step % 2 == 0 ? 0.5f : -0.25f);
    }
}
