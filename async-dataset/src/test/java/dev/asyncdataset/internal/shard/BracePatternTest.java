package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BracePatternTest {

    @Test
    void aNumericRangeKeepsTheWidthOfItsFirstBound() {
        assertEquals(
                List.of("train-000008.tar", "train-000009.tar", "train-000010.tar"),
                BracePattern.expand("train-{000008..000010}.tar"));
        assertEquals(List.of("s-9.tar", "s-10.tar"), BracePattern.expand("s-{9..10}.tar"));
    }

    @Test
    void listsAndSeveralBracesExpandLeftToRight() {
        assertEquals(
                List.of("train-0-a.tar", "train-0-b.tar", "train-1-a.tar", "train-1-b.tar"),
                BracePattern.expand("train-{0..1}-{a,b}.tar"));
    }

    @Test
    void aNameWithoutBracesIsItself() {
        assertEquals(List.of("shard-000000.tar"), BracePattern.expand("shard-000000.tar"));
    }

    @Test
    void malformedPatternsAreRefusedNamingThem() {
        for (String bad : List.of("a-{0..3.tar", "a-}0..3{.tar", "a-{3..0}.tar", "a-{x..3}.tar")) {
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> BracePattern.expand(bad));
            assertTrue(e.getMessage().contains(bad), e.getMessage());
        }
    }

    @Test
    void aHugeRangeIsRefusedBeforeAnyNameIsMade() {
        assertThrows(
                IllegalArgumentException.class,
                () -> BracePattern.expand("a-{0..99999999999}.tar"));
    }
}
