package dev.asyncdataset.internal.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CacheIndexTest {

    private static CacheIndex holding(String... names) {
        CacheIndex index = new CacheIndex(300);
        for (String name : names) {
            index.adopt(name, 100);
        }
        return index;
    }

    @Test
    void evictedEntriesKeepTheirNameAndBytesUntilTheirFileIsDeleted() {
        CacheIndex index = holding("a", "b", "c");
        assertEquals(Map.of("a", 100L), index.reserve("d", 100));
        assertFalse(index.contains("a"));
        assertNull(index.reserve("a", 10), "a's file is still being deleted");
        assertNull(index.reserve("e", 100), "a's 100 bytes are still on disk");
        index.deleted(Map.of("a", 100L), 100);
        assertEquals(Map.of("b", 100L), index.reserve("e", 100));
        index.deleted(Map.of("b", 100L), 100);
        index.commit("d", 100);
        index.commit("e", 100);
        assertEquals(Map.of("c", 100L), index.reserve("a", 100));
    }

    @Test
    void writesReservingBeforeAnEvictedFileIsDeletedEvictNothingInItsPlace() {
        CacheIndex index = holding("a", "b", "c");
        assertEquals(Map.of("a", 100L), index.reserve("w", 100));
        assertNull(index.reserve("x", 100), "fits once a's file is gone, not before");
        assertNull(index.reserve("y", 100), "fits once a's file is gone, not before");
        assertTrue(index.contains("b"), "b kept: evicting it for x would leave the cache 2/3 full");
        assertTrue(index.contains("c"), "c kept: evicting it for y would leave the cache 1/3 full");
    }

    @Test
    void aFileThatCouldNotBeDeletedStaysCounted() {
        CacheIndex index = holding("a", "b", "c");
        assertEquals(Map.of("a", 100L), index.reserve("d", 100));
        index.deleted(Map.of("a", 100L), 0);
        index.commit("d", 100);
        assertEquals(Map.of("b", 100L, "c", 100L), index.reserve("e", 100));
    }

    @Test
    void aWriteThatCannotFitBesideTheWritesInProgressEvictsNothing() {
        CacheIndex index = holding("a");
        assertEquals(Map.of(), index.reserve("w", 200));
        assertNull(index.reserve("x", 150));
        assertTrue(index.contains("a"));
        index.release("w", 200);
        assertEquals(Map.of("a", 100L), index.reserve("x", 250));
    }

    @Test
    void entriesTooLargeOrAlreadyThereAreNotWritten() {
        CacheIndex index = holding("a");
        assertNull(index.reserve("big", 301));
        assertNull(index.reserve("a", 100));
        assertEquals(Map.of(), index.reserve("w", 100));
        assertNull(index.reserve("w", 100), "w is being written");
    }
}
