package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointsTest {

    @TempDir Path root;

    @Test
    void latestNamesTheNewestCheckpointAndTheOneBeforeItIsKept() throws IOException {
        for (long step : new long[] {4, 8, 12}) {
            Checkpoints.write(root, step, state("" + step));
        }
        Path latest = find(root);
        assertEquals("step-000000012", latest.getFileName().toString());
        assertEquals("12", state(latest));
        assertEquals(List.of("latest", "step-000000008", "step-000000012"), children(root));
    }

    @Test
    void aSecondCheckpointOfAStepGetsANameOfItsOwnAndLeavesTheFirstInPlace() throws IOException {
        Checkpoints.write(root, 4, state("4"));
        Checkpoints.write(root, 8, state("8, mid-epoch"));
        Path written = Checkpoints.write(root, 8, state("8, epoch end"));
        assertEquals("step-000000008-2", written.getFileName().toString());
        assertEquals(written, find(root));
        assertEquals("8, epoch end", state(written));
        assertEquals("8, mid-epoch", state(root.resolve("step-000000008")));
        assertEquals(List.of("latest", "step-000000008", "step-000000008-2"), children(root));
    }

    @Test
    void failedWriteLeavesThePreviousCheckpointLatest() throws IOException {
        Checkpoints.write(root, 4, state("4"));
        assertThrows(
                IOException.class,
                () ->
                        Checkpoints.write(
                                root,
                                8,
                                dir -> {
                                    Files.writeString(dir.resolve("f"), "half");
                                    throw new IOException("disk full");
                                }));
        assertEquals("step-000000004", find(root).getFileName().toString());
        assertFalse(Files.exists(root.resolve("step-000000008")));
        assertTrue(Files.exists(root.resolve("step-000000008.tmp")));
    }

    /** Contents of a checkpoint whose state file holds {@code text}. */
    static Checkpoints.Contents state(String text) {
        return dir -> Files.writeString(dir.resolve(TrainingCheckpoint.STATE), text);
    }

    /** The text of a checkpoint's state file. */
    static String state(Path checkpoint) throws IOException {
        return Files.readString(checkpoint.resolve(TrainingCheckpoint.STATE));
    }

    /** The file names in {@code dir}, sorted. */
    static List<String> children(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            return children.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static Path find(Path root) throws IOException {
        return CheckpointSearch.find(
                root,
                notice -> {
                    throw new AssertionError("unexpected notice: " + notice);
                });
    }
}
