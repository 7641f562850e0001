package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CheckpointNameTest {

    @Test
    void checkpointsOrderByStepThenByTheOrderTheyWereWrittenIn() {
        List<String> written =
                List.of(
                        "step-000000008",
                        "step-000000008-2",
                        "step-000000008-10",
                        "step-000000009");
        List<String> sorted =
                written.reversed().stream()
                        .map(name -> CheckpointName.parse(name).orElseThrow())
                        .sorted()
                        .map(CheckpointName::toString)
                        .toList();
        assertEquals(written, sorted);
    }

    @Test
    void theNextCheckpointOfAStepTakesTheNextRevision() {
        CheckpointName first = new CheckpointName(12, 1);
        assertEquals("step-000000012-2", first.next().toString());
        assertEquals("step-000000012-3", first.next().next().toString());
    }

    @Test
    void namesThatAreNotCheckpointsAreNotParsed() {
        for (String name :
                List.of(
                        "latest",
                        "step-8",
                        "step-000000008-1",
                        "step-000000008-02",
                        "step-000000008.tmp",
                        "step-000000008-2.tmp",
                        "step-notes")) {
            assertTrue(CheckpointName.parse(name).isEmpty(), name);
        }
        assertEquals(
                Optional.of(new CheckpointName(8, 2)), CheckpointName.parse("step-000000008-2"));
    }
}
