package dev.asyncdataset.examples.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.examples.s3.EmbeddedS3Proxy;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The feature arrays are uploaded as loose {@code .npy} objects to an embedded S3 server. */
@Timeout(300)
class TrainFeatureRegressionTest {

    private static EmbeddedS3Proxy s3;

    @TempDir Path root;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = EmbeddedS3Proxy.start(0);
    }

    @AfterAll
    static void stopS3() throws Exception {
        s3.close();
    }

    @Test
    void npyFeaturesAndTargetsBatchAsFloatVectors() throws Exception {
        FeatureData.write(root, 40, 1);
        SampleSources samples = SampleStorage.upload(s3, root, "s3://features/batch/");
        try (NDManager manager = NDManager.newBaseManager()) {
            Batch batch = Samples.firstBatch(TrainFeatureRegression.dataset(samples), manager);
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
        OpenedSources samples =
                new OpenedSources(SampleStorage.upload(s3, root, "s3://features/train/"));
        float[] loss = TrainFeatureRegression.train(samples, 6).lossPerEpoch();
        Samples.assertLossFalls(loss, 6, 0.25f);
        ItemSource<Sample> source = samples.opened().getFirst();
        assertEquals(1, samples.opened().size());
        assertEquals(256, source.size(), "samples listed");
        assertTrue(source.describe(0).startsWith("s3://features/train/"), source.describe(0));
    }
}
