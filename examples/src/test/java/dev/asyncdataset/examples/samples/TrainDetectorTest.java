package dev.asyncdataset.examples.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(300)
class TrainDetectorTest {

    @TempDir Path root;

    @Test
    void boxesArePaddedWithMinusOneRowsToTheMostBoxesInTheBatch() throws Exception {
        DetectionData.write(root.resolve("loose"), TrainDetector.BATCH, 1);
        OpenedSources shards = Samples.shards(root.resolve("loose"), root.resolve("shards"));
        try (NDManager manager = NDManager.newBaseManager()) {
            Batch batch = Samples.firstBatch(TrainDetector.dataset(shards), manager);
            int size = DetectionData.SIZE;
            assertEquals(
                    new Shape(TrainDetector.BATCH, 3, size, size),
                    batch.getData().head().getShape());
            float[][][] boxes = rows(batch.getLabels().head());
            int most = 0;
            int fewest = Integer.MAX_VALUE;
            for (float[][] picture : boxes) {
                int count = boxesBeforePadding(picture);
                most = Math.max(most, count);
                fewest = Math.min(fewest, count);
            }
            assertEquals(most, boxes[0].length, "padded to the most boxes in the batch");
            assertTrue(fewest >= 1 && fewest < most, "counts " + fewest + " to " + most);
            batch.close();
        }
        Samples.assertReadFromShards(shards, TrainDetector.BATCH);
    }

    @Test
    void classAndBoxLossesOfSsdFallOverTheEpochs() throws Exception {
        DetectionData.write(root.resolve("loose"), 64, 2);
        OpenedSources shards = Samples.shards(root.resolve("loose"), root.resolve("shards"));
        EpochCurves curves = TrainDetector.train(shards, 4);
        Samples.assertReadFromShards(shards, 64);
        Samples.assertLossFalls(curves.lossPerEpoch(), 4, 0.8f);
        Samples.assertLossFalls(curves.of("ClassLoss"), 4, 0.8f);
        Samples.assertLossFalls(curves.of("BoxLoss"), 4, 1);
    }

    /** The boxes of each picture: (N, M, 5) as arrays. */
    private static float[][][] rows(NDArray labels) {
        Shape shape = labels.getShape();
        float[] flat = labels.toFloatArray();
        int pictures = (int) shape.get(0);
        int boxes = (int) shape.get(1);
        float[][][] rows = new float[pictures][boxes][];
        for (int i = 0; i < pictures; i++) {
            for (int j = 0; j < boxes; j++) {
                int from = (i * boxes + j) * 5;
                rows[i][j] = Arrays.copyOfRange(flat, from, from + 5);
            }
        }
        return rows;
    }

    /** How many boxes come before the padding; fails if a box follows a padding row. */
    private static int boxesBeforePadding(float[][] picture) {
        int count = 0;
        while (count < picture.length && picture[count][0] >= 0) {
            count++;
        }
        for (int j = count; j < picture.length; j++) {
            assertTrue(Arrays.equals(new float[] {-1, -1, -1, -1, -1}, picture[j]));
        }
        return count;
    }
}
