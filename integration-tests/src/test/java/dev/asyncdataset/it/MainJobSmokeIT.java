package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.examples.MainJob;
import dev.asyncdataset.examples.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main job, shrunk to a few steps: generated JPEGs (training and validation splits),
 * an embedded S3Proxy with latency, and real ResNet-18 training on PyTorch with both loaders from
 * S3, then with ConcurrentDataset from tar shards written from the same JPEGs to the same server,
 * each validated on its split; each run recorded and drawn as a timeline.
 */
class MainJobSmokeIT {

    @TempDir Path dataDir;

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void trainsAndValidatesWithBothLoadersFromS3AndFromTarShardsAndPrintsTheTableAndTimelines()
            throws Exception {
        String[] args = {
            "--data-dir",
            dataDir.toString(),
            "--classes",
            "2",
            "--per-class",
            "16",
            "--val-per-class",
            "4",
            "--image-size",
            "32",
            "--batch-size",
            "8",
            "--epochs",
            "1",
            "--max-steps",
            "2",
            "--latency-ms",
            "5",
            "--gpus",
            "0",
            "--timelines",
            dataDir.resolve("timelines").toString()
        };
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        List<RunResult> results =
                MainJob.run(args, new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertEquals(
                List.of("concurrent", "djl", MainJob.SHARDS_RUN),
                results.stream().map(RunResult::loader).toList());
        for (RunResult result : results) {
            assertEquals(16, result.images(), result.loader() + ": 2 steps of 8 images");
            assertTrue(Float.isFinite(result.loss()), result.loader() + " loss " + result.loss());
            assertTrue(result.dataWaitNanos() > 0 && result.dataWaitShare() < 1, result.toString());
            double top1 = result.validation().top1();
            assertTrue(top1 >= 0 && top1 <= 1, result.loader() + " val top-1 " + top1);
        }
        String output = printed.toString(StandardCharsets.UTF_8);
        assertTrue(output.contains("uploaded 40 images"), output);
        assertTrue(output.contains("| val top-1 |"), output);
        assertTrue(output.contains("tar shards to s3://imagenet-like/shards/"), output);
        assertTrue(output.contains("| ConcurrentDataset |"), output);
        assertTrue(output.contains("| DJL loader (DataIterable) |"), output);
        assertTrue(output.contains("| ConcurrentDataset, tar shards |"), output);
        assertTrue(output.contains("timelines (open in a browser)"), output);
        for (String run : List.of("concurrent", "djl", MainJob.SHARDS_RUN)) {
            String picture = Files.readString(dataDir.resolve("timelines").resolve(run + ".svg"));
            assertEquals(2, marks(picture, "<title>Trainer: train step, epoch"), run);
            int staged = marks(picture, "<title>Staging, epoch");
            assertTrue(run.equals("djl") ? staged == 0 : staged >= 2, run + " staged " + staged);
        }
    }

    private static int marks(String picture, String title) {
        return picture.split(Pattern.quote(title), -1).length - 1;
    }
}
