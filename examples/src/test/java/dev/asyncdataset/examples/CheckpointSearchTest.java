package dev.asyncdataset.examples;

import static dev.asyncdataset.examples.CheckpointsTest.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckpointSearchTest {

    @TempDir Path root;

    private final List<String> notices = new ArrayList<>();

    @Test
    void latestNamingAMissingFolderFallsBackToTheNewestCompleteCheckpointAndSaysSo()
            throws IOException {
        Checkpoints.write(root, 7, state("7"));
        Files.createDirectories(root.resolve("step-000000008.tmp"));
        Files.writeString(root.resolve(Checkpoints.LATEST), "step-000000008\n");
        Path found = CheckpointSearch.find(root, notices::add);
        assertEquals(root.resolve("step-000000007"), found);
        assertNotice("names " + root.resolve("step-000000008") + ", missing", found);
    }

    @Test
    void latestNamingAnIncompleteFolderFallsBackToTheNewestCompleteCheckpointAndSaysSo()
            throws IOException {
        Checkpoints.write(root, 4, state("4"));
        Path incomplete = Checkpoints.write(root, 8, state("8"));
        Files.delete(incomplete.resolve(TrainingCheckpoint.STATE));
        Path found = CheckpointSearch.find(root, notices::add);
        assertEquals(root.resolve("step-000000004"), found);
        assertNotice("names " + incomplete + ", incomplete", found);
    }

    @Test
    void withoutLatestTheNewestCompleteCheckpointIsUsedAndTemporaryFoldersAreNot()
            throws IOException {
        for (String name :
                List.of("step-000000009", "step-000000012", "step-000000012-2", "step-13.tmp")) {
            Files.createDirectories(root.resolve(name));
            Files.writeString(root.resolve(name).resolve(TrainingCheckpoint.STATE), name);
        }
        Path found = CheckpointSearch.find(root, notices::add);
        assertEquals(root.resolve("step-000000012-2"), found);
        assertNotice("no latest in " + root, found);
    }

    @Test
    void aCheckpointFolderIsItsOwnCheckpoint() throws IOException {
        Path checkpoint = Checkpoints.write(root, 4, state("4"));
        assertEquals(checkpoint, CheckpointSearch.find(checkpoint, notices::add));
        assertEquals(List.of(), notices);
    }

    @Test
    void aFolderWithoutCompleteCheckpointsIsRefusedByName() throws IOException {
        Files.createDirectories(root.resolve("step-000000004"));
        IOException e =
                assertThrows(IOException.class, () -> CheckpointSearch.find(root, notices::add));
        assertTrue(e.getMessage().contains("no checkpoint in " + root), e.getMessage());
        assertEquals(List.of(), notices);
    }

    @Test
    void aMissingFolderIsRefusedByName() {
        Path missing = root.resolve("missing");
        IOException e =
                assertThrows(IOException.class, () -> CheckpointSearch.find(missing, notices::add));
        assertTrue(e.getMessage().contains(missing + ": no such folder"), e.getMessage());
    }

    private void assertNotice(String broken, Path used) {
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).contains(broken), notices.get(0));
        assertTrue(
                notices.get(0).endsWith("using the newest complete checkpoint, " + used),
                notices.get(0));
    }
}
