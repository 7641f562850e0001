package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.examples.data.WriteParquet;
import dev.asyncdataset.examples.s3.S3Connection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code TrainResNet --data} over a folder of Hugging Face Hub-layout Parquet ({@code train/} and
 * {@code val/}, written by {@link WriteParquet}): found by its {@code .parquet} files, streamed by
 * ConcurrentDataset, and trained on for real with DJL on the PyTorch engine, then validated.
 */
@Timeout(600)
class ParquetTrainingTest {

    @TempDir Path root;

    @Test
    void trainResNetTrainsAStepFromAHubLayoutParquetDataset() throws Exception {
        Path images = ImageNetLikeGenerator.writeSplits(root.resolve("images"), 3, 8, 2, 5);
        Path parquet = root.resolve("parquet");
        for (String split : List.of("train", "val")) {
            WriteParquet.write(images.resolve(split), parquet.resolve(split), 16, 4);
        }
        assertTrue(Files.exists(parquet.resolve("train").resolve("data-00001.parquet")));
        Options options =
                Options.parse(
                        new String[] {
                            "--data",
                            parquet.toString(),
                            "--epochs",
                            "1",
                            "--batch-size",
                            "4",
                            "--image-size",
                            "32",
                            "--max-steps",
                            "1",
                            "--gpus",
                            "0"
                        },
                        TrainResNet.defaults());
        TrainingSettings settings = TrainingSettings.from(options);
        RunResult result =
                ResNetTraining.run(
                        settings,
                        RecipeSettings.from(options),
                        S3Connection.withDefaultCredentials(""));
        assertEquals(4, result.images(), "one step of 4 images");
        assertTrue(Double.isFinite(result.loss()), "loss " + result.loss());
        assertTrue(result.validation().top1() >= 0, "validated: " + result.validation());
    }

    @Test
    void aGlobAFileOrABracePatternIsReadAsGivenAndAFolderAsAPrefix() {
        for (String given :
                List.of(
                        "hf://datasets/org/name/data/train-*.parquet",
                        "s3://bucket/train/0000.parquet",
                        "https://host/train-{0..3}.parquet",
                        "s3://bucket/train/")) {
            assertEquals(given, ParquetData.location(given));
        }
        assertEquals(
                "hf://datasets/org/name/data/",
                ParquetData.location("hf://datasets/org/name/data"));
        assertEquals("parquet/train/", ParquetData.location("parquet/train"));
    }
}
