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
}
