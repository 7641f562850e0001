package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The row groups of one streamed epoch: decoded as they load, kept while their rows are in flight,
 * then given back.
 */
class StreamedRowGroupsTest {

    private static final int PAGE = 1 << 20;

    @Test
    void aRowGroupsArraysGoBackAfterTheEpochsLastRowOfItAndNotBefore() throws Exception {
        for (int rows = 1; rows <= 4; rows++) {
            PageBuffers pool = new PageBuffers();
            StreamedRowGroups<byte[]> groups = new StreamedRowGroups<>(pool, new int[] {rows, 1});
            AtomicInteger decodes = new AtomicInteger();
            StreamedRowGroups.Reader<byte[]> reader =
                    (group, pages) -> {
                        decodes.incrementAndGet();
                        return pages.take(PAGE);
                    };
            groups.load(0, reader);
            byte[] page = groups.get(0);
            for (int row = 1; row < rows; row++) {
                groups.released(0);
                assertSame(page, groups.get(0), "kept while rows are in flight");
                assertEquals(PAGE, pool.lentBytes(), "still lent after " + row + " of " + rows);
            }
            groups.released(0);
            assertEquals(1, decodes.get(), "decoded once");
            assertEquals(0, pool.lentBytes());
            groups.load(1, reader);
            assertSame(page, groups.get(1), "the next row group reuses its array");
        }
    }

    @Test
    void aDecodingThatFailsGivesItsArraysBackAtOnceAndLeavesItsRowGroupUndecoded()
            throws Exception {
        PageBuffers pool = new PageBuffers();
        StreamedRowGroups<byte[]> groups = new StreamedRowGroups<>(pool, new int[] {2});
        assertThrows(
                IOException.class,
                () ->
                        groups.load(
                                0,
                                (group, pages) -> {
                                    pages.take(PAGE);
                                    throw new IOException("corrupt page");
                                }));
        assertEquals(0, pool.lentBytes());
        assertThrows(IOException.class, () -> groups.get(0), "no row of it is handed out");
        groups.failed(0);
        groups.failed(0);
        assertEquals(0, pool.lentBytes());
    }

    @Test
    void aRowGroupDecodedAfterTheEpochEndedGoesBackAtOnce() throws Exception {
        PageBuffers pool = new PageBuffers();
        StreamedRowGroups<byte[]> groups = new StreamedRowGroups<>(pool, new int[] {2});
        groups.close();
        groups.load(0, (group, pages) -> pages.take(PAGE));
        assertEquals(0, pool.lentBytes());
        assertEquals(PAGE, pool.freeBytes());
    }

    @Test
    void anEndedEpochGivesARowGroupBackOnceNoRowOfItIsHeld() throws Exception {
        for (int rows = 1; rows <= 4; rows++) {
            for (int heldAtEnd = 0; heldAtEnd <= rows; heldAtEnd++) {
                PageBuffers pool = new PageBuffers();
                StreamedRowGroups<byte[]> groups =
                        new StreamedRowGroups<>(pool, new int[] {rows + 1});
                groups.load(0, (group, pages) -> pages.take(PAGE));
                for (int row = 0; row < rows; row++) {
                    groups.get(0);
                }
                for (int row = heldAtEnd; row < rows; row++) {
                    groups.released(0);
                }
                groups.close();
                String state = heldAtEnd + " of " + rows + " rows held at the end";
                for (int row = 0; row < heldAtEnd; row++) {
                    assertEquals(PAGE, pool.lentBytes(), state + ", " + row + " released after");
                    groups.released(0);
                }
                assertEquals(0, pool.lentBytes(), state);
                assertEquals(PAGE, pool.freeBytes(), state + ": the array is kept for reuse");
            }
        }
    }

    @Test
    void aFetchAfterTheEpochEndedGetsNoRowAndItsRowGroupGoesBack() throws Exception {
        PageBuffers pool = new PageBuffers();
        StreamedRowGroups<byte[]> groups = new StreamedRowGroups<>(pool, new int[] {2});
        groups.load(0, (group, pages) -> pages.take(PAGE));
        groups.close();
        assertThrows(IllegalStateException.class, () -> groups.get(0));
        groups.failed(0);
        assertEquals(0, pool.lentBytes());
        assertEquals(PAGE, pool.freeBytes());
    }
}
