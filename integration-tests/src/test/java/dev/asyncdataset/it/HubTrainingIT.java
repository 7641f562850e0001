package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.RecipeSettings;
import dev.asyncdataset.examples.ResNetTraining;
import dev.asyncdataset.examples.RunResult;
import dev.asyncdataset.examples.TrainResNet;
import dev.asyncdataset.examples.TrainingSettings;
import dev.asyncdataset.examples.s3.S3Connection;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code TrainResNet --train 'hf://datasets/org/name/.../*.parquet' --format parquet}, the Hub
 * journey of the examples, on the tests' imitation of the Hub ({@link HubServer}, its store
 * registered under a scheme of this test's own as {@code HF_ENDPOINT} points {@code hf://} at it):
 * Parquet with no {@code classes.txt} and no class names, trained on for real with DJL on the
 * PyTorch engine, the classes counted from the labels.
 */
class HubTrainingIT {

    private static final String TOKEN = "hf_train_token_2c9d";
    private static final String SCHEME = "hubtrain";

    @RegisterExtension static final HubServer HUB = new HubServer(TOKEN, 2);

    @TempDir Path dir;

    @Test
    @Timeout(600)
    void trainResNetTrainsFromAHubParquetGlobWithNoClassesTxt() throws Exception {
        Map<String, byte[]> files = ParquetStoresIT.write(dir.resolve("images"), dir.resolve("pq"));
        HUB.commit(
                "org/images",
                "main",
                Map.of(
                        "data/train-0000.parquet", files.get("a.parquet"),
                        "data/train-0001.parquet", files.get("b.parquet"),
                        "data/validation-0000.parquet", files.get("b.parquet")));
        HUB.register(SCHEME);
        String dataset = SCHEME + "://datasets/org/images/data/";
        Options options =
                Options.parse(
                        new String[] {
                            "--train", dataset + "train-*.parquet",
                            "--val", dataset + "validation-0000.parquet",
                            "--format", "parquet",
                            "--epochs", "1",
                            "--batch-size", "4",
                            "--image-size", "32",
                            "--max-steps", "2",
                            "--gpus", "0"
                        },
                        TrainResNet.defaults());

        RunResult result =
                ResNetTraining.run(
                        TrainingSettings.from(options),
                        RecipeSettings.from(options),
                        S3Connection.withDefaultCredentials(""));

        assertEquals(8, result.images(), "two steps of 4 images");
        assertTrue(Double.isFinite(result.loss()), "loss " + result.loss());
        double top1 = result.validation().top1();
        assertTrue(top1 >= 0 && top1 <= 1, "val top-1 " + top1);
    }
}
