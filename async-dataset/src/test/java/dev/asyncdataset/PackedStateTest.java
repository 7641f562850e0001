package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.epoch.PackedState;
import org.junit.jupiter.api.Test;

class PackedStateTest {

    @Test
    void aPackedStateKeepsItsDocumentsStateAndTokensThroughFormatAndParse() {
        for (IterationState documents :
                new IterationState[] {
                    new IterationState(7, 3, 120), new IterationState(7, 3, 120, 30720, 16)
                }) {
            PackedState state = new PackedState(documents, 95);
            assertEquals(documents.format() + ",tokens=95", state.format());
            assertEquals(state, PackedState.parse(state.format()));
        }
    }

    @Test
    void negativeTokensOrAStateWithoutTokensAreRefusedNamingTheValue() {
        var e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> new PackedState(new IterationState(7, 0, 0), -1));
        assertEquals("tokens < 0: -1", e.getMessage());
        var missing =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> PackedState.parse("seed=7,epoch=3,batches=120"));
        assertTrue(
                missing.getMessage().contains("seed=7,epoch=3,batches=120"), missing.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> PackedState.parse("seed=7,epoch=3,batches=120,tokens=x"));
    }
}
