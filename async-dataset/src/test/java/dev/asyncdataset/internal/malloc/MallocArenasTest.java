package dev.asyncdataset.internal.malloc;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MallocArenasTest {

    @Test
    void actsOnLinuxWhateverTheArenaCount() {
        assertTrue(MallocArenas.applies("Linux", Map.of("HOME", "/root")));
        assertTrue(MallocArenas.applies("Linux", Map.of("MALLOC_ARENA_MAX", "2")));
    }

    @Test
    void leavesMallocAloneWhenTheUserChoseOrOffLinux() {
        assertFalse(MallocArenas.applies("Linux", Map.of("MALLOC_MMAP_THRESHOLD_", "131072")));
        assertFalse(MallocArenas.applies("Mac OS X", Map.of()));
        assertFalse(MallocArenas.applies("Windows 11", Map.of()));
    }

    @Test
    void glibcTakesThePinnedThresholdOnJdk22AndLater() {
        assumeTrue(Runtime.version().feature() >= 22, "mallopt is called through the FFM API");
        assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("linux"));
        assertTrue(MallocArenas.pinThreshold());
    }
}
