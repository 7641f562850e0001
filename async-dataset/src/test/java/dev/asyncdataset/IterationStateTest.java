package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.epoch.IterationState;
import org.junit.jupiter.api.Test;

class IterationStateTest {

    @Test
    void aStreamedStateKeepsItsPartitionsThroughFormatAndParse() {
        IterationState streamed = new IterationState(7, 3, 120, 30720, 16);
        assertEquals("seed=7,epoch=3,batches=120,samples=30720,partitions=16", streamed.format());
        assertEquals(streamed, IterationState.parse(streamed.format()));
        IterationState random = new IterationState(7, 3, 120);
        assertEquals(random, IterationState.parse("seed=7,epoch=3,batches=120"));
    }

    @Test
    void partitionsGoWithASampleCountAndOnlyWithOne() {
        var e =
                assertThrows(
                        IllegalArgumentException.class, () -> new IterationState(7, 3, 120, 64, 0));
        assertTrue(e.getMessage().endsWith("3, 120, 64, 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new IterationState(7, 3, 120, -1, 4));
        assertThrows(
                IllegalArgumentException.class,
                () -> IterationState.parse("seed=7,epoch=3,batches=120,samples=64"));
    }

    @Test
    void aPackedStateKeepsItsTokensThroughFormatAndParse() {
        for (IterationState packed :
                new IterationState[] {
                    new IterationState(7, 3, 120, -1, 0, 95),
                    new IterationState(7, 3, 120, 30720, 16, 95)
                }) {
            IterationState documents =
                    new IterationState(7, 3, 120, packed.samples(), packed.partitions());
            assertEquals(documents.format() + ",tokens=95", packed.format());
            assertEquals(packed, IterationState.parse(packed.format()));
            assertEquals(0, IterationState.parse(documents.format()).tokens());
        }
    }

    @Test
    void negativeOrUnreadableTokensAreRefusedNamingTheValue() {
        var e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> new IterationState(7, 0, 0, -1, 0, -1));
        assertEquals("tokens < 0: -1", e.getMessage());
        var unreadable =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> IterationState.parse("seed=7,epoch=3,batches=120,tokens=x"));
        assertTrue(unreadable.getMessage().endsWith("tokens=x"), unreadable.getMessage());
    }
}
