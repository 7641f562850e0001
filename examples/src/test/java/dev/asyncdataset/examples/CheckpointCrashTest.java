package dev.asyncdataset.examples;

import static dev.asyncdataset.examples.CheckpointsTest.children;
import static dev.asyncdataset.examples.CheckpointsTest.state;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A write stopped at each {@link CrashPoint} (by an exception from the hook, which leaves the disk
 * as a kill there would: the write has no clean-up path), in the case that once lost the latest
 * checkpoint: a second checkpoint of the step that {@code latest} names, as at an epoch's end.
 */
class CheckpointCrashTest {

    @TempDir Path root;

    @ParameterizedTest
    @EnumSource(CrashPoint.class)
    void aSecondCheckpointOfTheLatestStepStoppedAnywhereLeavesLatestNamingACompleteOne(
            CrashPoint point) throws IOException {
        writeTwoAndStopTheThirdAt(point);
        Path latest = CheckpointSearch.find(root, CheckpointCrashTest::unexpected);
        boolean named = point.compareTo(CrashPoint.NAMED) >= 0;
        assertEquals(named ? "8, epoch end" : "8, mid-epoch", state(latest));
    }

    @ParameterizedTest
    @EnumSource(CrashPoint.class)
    void theNextWriteAfterAStopDeletesWhatWasLeftAndKeepsTheCheckpointLatestNamed(CrashPoint point)
            throws IOException {
        writeTwoAndStopTheThirdAt(point);
        String named = Checkpoints.latest(root).orElseThrow();
        Checkpoints.write(root, 9, state("9"));
        assertEquals(List.of("latest", named, "step-000000009"), children(root));
        assertEquals("9", state(CheckpointSearch.find(root, CheckpointCrashTest::unexpected)));
    }

    @Test
    void aHaltPropertyThatNamesNoPointIsRefusedByName() {
        System.setProperty(CrashPoint.PROPERTY, "written-step-000000008");
        try {
            IllegalArgumentException e =
                    assertThrows(
                            IllegalArgumentException.class,
                            () -> Checkpoints.write(root, 8, state("8")));
            assertTrue(e.getMessage().contains(CrashPoint.PROPERTY), e.getMessage());
            assertTrue(e.getMessage().endsWith(": written-step-000000008"), e.getMessage());
        } finally {
            System.clearProperty(CrashPoint.PROPERTY);
        }
    }

    private void writeTwoAndStopTheThirdAt(CrashPoint point) throws IOException {
        Checkpoints.write(root, 4, state("4"));
        Checkpoints.write(root, 8, state("8, mid-epoch"));
        CrashPoint.Hook stop =
                (reached, name) -> {
                    if (reached == point) {
                        throw new Stopped();
                    }
                };
        assertThrows(Stopped.class, () -> Checkpoints.write(root, 8, state("8, epoch end"), stop));
    }

    private static void unexpected(String notice) {
        throw new AssertionError("latest was broken: " + notice);
    }

    /** Where the hook stops a write. */
    private static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
}
