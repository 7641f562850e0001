package dev.asyncdataset.internal.items;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.sample.Sample;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SampleNamesTest {

    @Test
    void keyIsThePathUpToTheFirstDotOfTheBaseName() {
        assertEquals("train/n014_10026", SampleNames.key("train/n014_10026.JPEG"));
        assertEquals("jpeg", SampleNames.part("train/n014_10026.JPEG"));
        assertEquals("v1.2/000123", SampleNames.key("v1.2/000123.seg.png"));
        assertEquals("seg.png", SampleNames.part("v1.2/000123.seg.png"));
        assertEquals("000123", SampleNames.key("000123.cls"));
    }

    @Test
    void namesWithoutADotAfterTheirStartBelongToNoSample() {
        for (String path : new String[] {"README", "data/.hidden.jpg", "a.b/noext"}) {
            assertFalse(SampleNames.isPart(path), path);
            IllegalArgumentException e =
                    assertThrows(IllegalArgumentException.class, () -> SampleNames.key(path));
            assertTrue(e.getMessage().contains(path), e.getMessage());
        }
        assertTrue(SampleNames.isPart("a.b/x.y"));
    }

    @Test
    void sampleRefusesEmptyKeysAndPartsAtOnce() {
        IllegalArgumentException key =
                assertThrows(IllegalArgumentException.class, () -> new Sample("", Map.of()));
        assertTrue(key.getMessage().contains("empty sample key"), key.getMessage());
        IllegalArgumentException part =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> new Sample("k", Map.of("", new byte[0])));
        assertTrue(part.getMessage().contains("sample k: bad part name ''"), part.getMessage());
    }
}
