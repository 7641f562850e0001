package dev.asyncdataset.internal.items;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LooseSamplesTest {

    @Test
    void keysGroupIntoSamplesInKeyOrderLeavingOutHiddenAndDotlessNames() throws Exception {
        LooseSamples samples =
                LooseSamples.group(
                        List.of(
                                "b/2.json",
                                "a/1.seg.png",
                                "b/2.jpg",
                                "a/1.jpg",
                                ".hidden/3.jpg",
                                "a/.cache/4.jpg",
                                "a/.5.jpg",
                                "README",
                                "a/"));
        assertEquals(2, samples.size());
        assertEquals("a/1", samples.key(0));
        assertEquals("b/2", samples.key(1));
        assertEquals(Map.of("jpg", "a/1.jpg", "seg.png", "a/1.seg.png"), samples.parts(0, "a/1"));
    }

    @Test
    void twoKeysForOnePartMakeTheSampleBad() {
        LooseSamples samples = LooseSamples.group(List.of("a/1.JPG", "a/1.jpg"));
        BadItemException e = assertThrows(BadItemException.class, () -> samples.parts(0, "x/a/1"));
        assertEquals("x/a/1", e.getKey());
        assertTrue(e.getMessage().contains("two files for part jpg"), e.getMessage());
    }

    @Test
    void noSampleIsRefusedNamingWhereTheKeysAre() {
        LooseSamples none = LooseSamples.group(List.of("README", ".x.jpg"));
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> none.requireSome("s3://b/p/"));
        assertTrue(e.getMessage().startsWith("s3://b/p/ has no sample"), e.getMessage());
    }
}
