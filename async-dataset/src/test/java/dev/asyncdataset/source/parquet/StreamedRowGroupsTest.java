package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The row groups of one streamed epoch: kept while their rows are in flight, then given back. */
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
            byte[] page = groups.get(0, reader);
            for (int row = 1; row < rows; row++) {
                groups.released(0);
                assertSame(page, groups.get(0, reader), "kept while rows are in flight");
                assertEquals(PAGE, pool.lentBytes(), "still lent after " + row + " of " + rows);
            }
            groups.released(0);
            assertEquals(1, decodes.get(), "decoded once");
            assertEquals(0, pool.lentBytes());
            assertSame(page, groups.get(1, reader), "the next row group reuses its array");
        }
    }

    @Test
    void aDecodingThatFailsGivesItsArraysBackAtOnceAndTheNextFetchDecodesAnew() throws Exception {
        PageBuffers pool = new PageBuffers();
        StreamedRowGroups<byte[]> groups = new StreamedRowGroups<>(pool, new int[] {2});
        assertThrows(
                IOException.class,
                () ->
                        groups.get(
                                0,
                                (group, pages) -> {
                                    pages.take(PAGE);
                                    throw new IOException("corrupt page");
                                }));
        assertEquals(0, pool.lentBytes());
        groups.failed(0);
        assertEquals(PAGE, groups.get(0, (group, pages) -> pages.take(PAGE)).length);
        assertEquals(PAGE, pool.lentBytes());
    }

    @Test
    void anEndedEpochGivesARowGroupBackOnceNoRowOfItIsHeld() throws Exception {
        for (int rows = 1; rows <= 4; rows++) {
            for (int heldAtEnd = 0; heldAtEnd <= rows; heldAtEnd++) {
                PageBuffers pool = new PageBuffers();
                StreamedRowGroups<byte[]> groups =
                        new StreamedRowGroups<>(pool, new int[] {rows + 1});
                for (int row = 0; row < rows; row++) {
                    groups.get(0, (group, pages) -> pages.take(PAGE));
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
    void aFetchAfterTheEpochEndedGetsNoRowAndItsDecodingGoesBack() throws Exception {
        PageBuffers pool = new PageBuffers();
        StreamedRowGroups<byte[]> groups = new StreamedRowGroups<>(pool, new int[] {2});
        groups.close();
        assertThrows(
                IllegalStateException.class,
                () -> groups.get(0, (group, pages) -> pages.take(PAGE)));
        groups.failed(0);
        assertEquals(0, pool.lentBytes());
        assertEquals(PAGE, pool.freeBytes());
    }
}
