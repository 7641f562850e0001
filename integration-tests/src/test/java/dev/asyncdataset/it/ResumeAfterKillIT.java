package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.examples.CrashPoint;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.writer.ShardWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code TrainResNet} killed with SIGKILL in the middle of an epoch and resumed from its last
 * checkpoint trains on the same items, in the same order, to the same losses as a run that was
 * never interrupted: from a folder and from tar shards. Small on purpose: 2 classes x 24 images, 32
 * px crops, batch 4, 2 epochs of 12 steps, a checkpoint every 4 steps; the kill comes after the
 * checkpoint at step 16 (epoch 1, batch 4), so the resumed run also carries the first epoch's
 * validation and learning-rate schedule over. A run halted ({@link CrashPoint}) while it writes the
 * first epoch's end checkpoint, the second checkpoint of step 12, after the periodic one that
 * {@code latest} names, resumes from that periodic one just as exactly.
 *
 * <p>Losses are compared exactly (as Java prints a float): parameters, momentum buffers, update
 * counts and the loader's position are restored bit for bit, each item's augmentation depends only
 * on (seed, epoch, index), and PyTorch's CPU kernels give the same result for the same inputs on
 * the same number of threads.
 */
class ResumeAfterKillIT {

    private static final Pattern CHECKPOINT =
            Pattern.compile("checkpoint \\S+: epoch (\\d+), batch (\\d+), step (\\d+)");
    private static final int KILL_AT_STEP = 16;
    private static final String EPOCH_END = "step-000000012-2";
    private static final long SECONDS = 600;

    @TempDir static Path dir;

    @BeforeAll
    static void writeData() throws IOException {
        Path images = ImageNetLikeGenerator.writeSplits(dir.resolve("images"), 2, 24, 4, 3);
        for (String split : List.of(ImageNetLikeGenerator.TRAIN, ImageNetLikeGenerator.VAL)) {
            ShardWriter.builder()
                    .setLocation(images.resolve(split).toString())
                    .setOutput(dir.resolve("shards").resolve(split).toString())
                    .optShardBytes(1 << 20)
                    .build()
                    .write();
        }
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void resumedFolderRunTrainsOnTheSameItemsToTheSameLosses() throws Exception {
        resumesExactly(dir.resolve("images"), "folder");
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void resumedShardRunTrainsOnTheSameItemsToTheSameLosses() throws Exception {
        resumesExactly(dir.resolve("shards"), "shards");
    }

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void runHaltedWritingTheEpochEndCheckpointOfAStepWithOneResumesExactly() throws Exception {
        Path data = dir.resolve("images");
        Path run = Files.createDirectories(dir.resolve("epoch-end"));
        String halt = CrashPoint.WRITTEN.at(EPOCH_END);
        try (TrainingProcess reference = TrainingProcess.start(args(data, run, "reference"));
                TrainingProcess halted =
                        TrainingProcess.start(
                                List.of("-D" + CrashPoint.PROPERTY + "=" + halt),
                                args(data, run, "killed"))) {
            assertEquals(CrashPoint.HALT_STATUS, halted.awaitExit(SECONDS), halted.output());
            assertEquals(0, reference.awaitExit(SECONDS), reference.output());
        }
        Path checkpoints = run.resolve("killed-checkpoints");
        assertTrue(Files.isDirectory(checkpoints.resolve(EPOCH_END + ".tmp")), "halted mid-write");
        assertEquals("step-000000012", Files.readString(checkpoints.resolve("latest")).strip());
        String start = resumeAndCompare(data, run, 12);
        assertTrue(
                start.contains(
                        "resuming from "
                                + checkpoints.resolve("step-000000012")
                                + ": epoch 0, batch 12, step 12"),
                start);
        assertFalse(start.contains("newest complete checkpoint"), start);
    }

    private static void resumesExactly(Path data, String name) throws Exception {
        Path run = Files.createDirectories(dir.resolve(name));
        int checkpointStep;
        try (TrainingProcess reference = TrainingProcess.start(args(data, run, "reference"));
                TrainingProcess killed = TrainingProcess.start(args(data, run, "killed"))) {
            String line = killed.awaitLine(l -> step(l) >= KILL_AT_STEP, SECONDS);
            killed.kill();
            checkpointStep = step(line);
            assertTrue(midEpoch(line), "the kill follows a mid-epoch checkpoint: " + line);
            assertEquals(0, reference.awaitExit(SECONDS), reference.output());
        }
        resumeAndCompare(data, run, checkpointStep);
    }

    /**
     * Resumes the run {@code killed} from its checkpoints and compares it with {@code reference}
     * after step {@code checkpointStep}; returns the resumed run's output up to its line saying
     * where it resumes.
     */
    private static String resumeAndCompare(Path data, Path run, int checkpointStep)
            throws Exception {
        List<String> resumeArgs = new ArrayList<>(args(data, run, "killed"));
        resumeArgs.addAll(List.of("--resume", run.resolve("killed-checkpoints").toString()));
        String start;
        String resuming;
        try (TrainingProcess resumed = TrainingProcess.start(resumeArgs)) {
            resuming = resumed.awaitLine(line -> line.startsWith("resuming from "), SECONDS);
            start = resumed.output();
            assertEquals(0, resumed.awaitExit(SECONDS), resumed.output());
        }
        Path reference = run.resolve("reference-steps.log");
        Path killed = run.resolve("killed-steps.log");
        assertEquals(
                stepsUpTo(reference, checkpointStep),
                stepsUpTo(killed, checkpointStep),
                "epoch,batch,step,loss,keys before the interruption");
        List<String> expected = steps(reference, checkpointStep);
        assertEquals(24 - checkpointStep, expected.size(), "steps after the checkpoint");
        assertEquals(
                expected,
                steps(killed, checkpointStep),
                "epoch,batch,step,loss,keys after step " + checkpointStep + ", " + resuming);
        assertEquals(
                learning(run.resolve("reference.csv")),
                learning(run.resolve("killed.csv")),
                "the last epoch's loss, accuracy, validation and learning rate");
        return start;
    }

    private static List<String> args(Path data, Path run, String name) {
        return List.of(
                "--data", data.toString(),
                "--image-size", "32",
                "--batch-size", "4",
                "--epochs", "2",
                "--gpus", "0",
                "--seed", "11",
                "--lr", "0.05",
                "--checkpoint-every", "4",
                "--checkpoint-dir", run.resolve(name + "-checkpoints").toString(),
                "--csv", run.resolve(name + ".csv").toString(),
                "--step-log", run.resolve(name + "-steps.log").toString());
    }

    /** The step log's lines after step {@code after}; a killed run's later lines are replaced. */
    private static List<String> steps(Path log, int after) throws IOException {
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            int step = loggedStep(line);
            if (step == after + 1) {
                lines.clear();
            }
            if (step > after) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** The step log's first lines, up to step {@code last}. */
    private static List<String> stepsUpTo(Path log, int last) throws IOException {
        return Files.readAllLines(log).stream().filter(line -> loggedStep(line) <= last).toList();
    }

    /** The last CSV row without its timings (images/s, data-wait share). */
    private static String learning(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        String[] row = lines.get(lines.size() - 1).split(",");
        return String.join(",", List.of(row[0], row[1], row[2], row[3], row[4], row[7]));
    }

    private static int loggedStep(String stepLogLine) {
        return Integer.parseInt(stepLogLine.split(",", 4)[2]);
    }

    private static int step(String checkpointLine) {
        Matcher matcher = CHECKPOINT.matcher(checkpointLine);
        return matcher.find() ? Integer.parseInt(matcher.group(3)) : -1;
    }

    private static boolean midEpoch(String checkpointLine) {
        Matcher matcher = CHECKPOINT.matcher(checkpointLine);
        return matcher.find() && !matcher.group(2).equals("0");
    }
}
