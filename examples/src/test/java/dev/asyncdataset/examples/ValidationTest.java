package dev.asyncdataset.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a run prints of its validation: the accuracies, or that there was none, never NaN. */
class ValidationTest {

    @Test
    void aRunWithoutValidationIsDescribedAsNoneNeverNaN() {
        assertEquals("val none", Validation.NONE.describe());
        RunResult result =
                new RunResult(
                        "concurrent",
                        8,
                        1_000_000_000L,
                        1,
                        List.of(1_000_000_000L),
                        0.5f,
                        Validation.NONE);
        assertFalse(ResultTable.format(List.of(result)).contains("NaN"));
    }

    @Test
    void aValidatedRunIsDescribedByItsAccuracies() {
        assertEquals("val top-1 0.250, val top-5 0.750", new Validation(0.25, 0.75).describe());
    }
}
