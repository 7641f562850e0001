package dev.asyncdataset.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class MallocArenasTest {

    @Test
    void advisesOnLinuxWithoutTheVariable() {
        assertTrue(MallocArenas.applies("Linux", Map.of("HOME", "/root")));
    }

    @Test
    void staysQuietWhenTheVariableIsSetOrOffLinux() {
        assertFalse(MallocArenas.applies("Linux", Map.of("MALLOC_ARENA_MAX", "2")));
        assertFalse(MallocArenas.applies("Mac OS X", Map.of()));
        assertFalse(MallocArenas.applies("Windows 11", Map.of()));
    }
}
