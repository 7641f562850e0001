package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointsTest {

    @TempDir Path root;

    @Test
    void latestNamesTheNewestCompleteCheckpointAndTwoAreKept() throws IOException {
        for (long step : new long[] {4, 8, 12}) {
            Checkpoints.write(root, step, dir -> Files.writeString(dir.resolve("f"), "" + step));
        }
        Path latest = Checkpoints.find(root);
        assertEquals("step-000000012", latest.getFileName().toString());
        assertEquals("12", Files.readString(latest.resolve("f")));
        try (Stream<Path> children = Files.list(root)) {
            assertEquals(
                    "[latest, step-000000008, step-000000012]",
                    children.map(p -> p.getFileName().toString()).sorted().toList().toString());
        }
    }

    @Test
    void failedWriteLeavesThePreviousCheckpointLatest() throws IOException {
        Checkpoints.write(root, 4, dir -> Files.writeString(dir.resolve("f"), "4"));
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
        assertEquals("step-000000004", Checkpoints.find(root).getFileName().toString());
        assertFalse(Files.exists(root.resolve("step-000000008")));
        assertTrue(Files.exists(root.resolve("step-000000008.tmp")));
    }

    @Test
    void aFolderWithoutCheckpointsIsRefusedByName() {
        IOException e = assertThrows(IOException.class, () -> Checkpoints.find(root));
        assertTrue(e.getMessage().contains(root.toString()), e.getMessage());
    }
}
