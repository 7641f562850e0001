package dev.asyncdataset.examples.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(300)
class TrainFeatureRegressionTest {

    @TempDir Path root;

    @Test
    void npyFeaturesAndTargetsBatchAsFloatVectors() throws Exception {
        FeatureData.write(root, 40, 1);
        try (NDManager manager = NDManager.newBaseManager()) {
            Batch batch =
                    Samples.firstBatch(
                            TrainFeatureRegression.dataset(SampleSources.folder(root)), manager);
            int rows = TrainFeatureRegression.BATCH;
            assertEquals(new Shape(rows, FeatureData.FEATURES), batch.getData().head().getShape());
            assertEquals(new Shape(rows, 1), batch.getLabels().head().getShape());
            assertEquals(DataType.FLOAT32, batch.getData().head().getDataType());
            batch.close();
        }
    }

    @Test
    void l2LossFallsToAFractionOfTheFirstEpochs() throws Exception {
        FeatureData.write(root, 256, 2);
        float[] loss = TrainFeatureRegression.train(SampleSources.folder(root), 6).lossPerEpoch();
        Samples.assertLossFalls(loss, 6, 0.25f);
    }
}
