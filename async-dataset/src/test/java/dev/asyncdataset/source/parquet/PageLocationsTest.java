package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.ColumnMetaData;
import dev.hardwood.metadata.CompressionCodec;
import dev.hardwood.metadata.Encoding;
import dev.hardwood.metadata.FieldPath;
import dev.hardwood.metadata.PhysicalType;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageLocationsTest {

    /** Rows of the row group of {@link #index}'s pages. */
    private static final int ROWS = 100;

    /** Pages at 1000, 1500 and 2200 of the file, holding rows from 0, 40 and 41. */
    private static final long[][] PAGES = {{1000, 500, 0}, {1500, 700, 40}, {2200, 300, 41}};

    @Test
    void offsetIndexGivesEachPagesPlaceSizeAndFirstRowSkippingOtherFields() throws Exception {
        byte[] index = index(PAGES);
        PageLocations pages = PageLocations.read(index, 0, index.length, ROWS);
        assertArrayEquals(new long[] {1000, 1500, 2200}, pages.offsets());
        assertArrayEquals(new int[] {500, 700, 300}, pages.sizes());
        assertArrayEquals(new int[] {0, 40, 41}, pages.firstRows());
        assertEquals(List.of(40, 1, 59), List.of(pages.rows(0), pages.rows(1), pages.rows(2)));
    }

    @Test
    void eachRowIsInThePageFromWhoseFirstRowItIsBeforeTheNext() throws Exception {
        byte[] index = index(PAGES);
        PageLocations pages = PageLocations.read(index, 0, index.length, ROWS);
        for (int row = 0; row < ROWS; row++) {
            int page = pages.page(row);
            int first = pages.firstRow(page);
            assertEquals(true, first <= row && row < first + pages.rows(page), "row " + row);
        }
    }

    @Test
    void aLocationWithoutItsFirstRowIsRefused() {
        byte[] index =
                new CompactWriter()
                        .structList(1, 1)
                        .element()
                        .i64(1, 4)
                        .i32(2, 9)
                        .end()
                        .end()
                        .bytes();
        assertThrows(IOException.class, () -> PageLocations.read(index, 0, index.length, ROWS));
    }

    @Test
    void aChunkIsReadPageByPageOnlyWithTwoPagesOrMoreInItFromRowZeroWithoutADictionary()
            throws Exception {
        byte[] index = index(PAGES);
        assertNotNull(PageLocations.of(chunk(1000, 2500, null, index), ROWS, index, 0));
        assertNull(PageLocations.of(chunk(1000, 2500, 900L, index), ROWS, index, 0), "dictionary");
        assertNull(PageLocations.of(chunk(1000, 2400, null, index), ROWS, index, 0), "past end");
        assertNull(PageLocations.of(chunk(1000, 2500, null, index), 41, index, 0), "rows over");
        byte[] one = index(new long[][] {PAGES[0]});
        assertNull(PageLocations.of(chunk(1000, 2500, null, one), ROWS, one, 0), "one page");
        byte[] late = index(new long[][] {{1000, 500, 3}, PAGES[1]});
        assertNull(PageLocations.of(chunk(1000, 2500, null, late), ROWS, late, 0), "not row 0");
        byte[] overlap = index(new long[][] {{1000, 600, 0}, PAGES[1]});
        assertNull(PageLocations.of(chunk(1000, 2500, null, overlap), ROWS, overlap, 0));
        assertNull(PageLocations.of(chunk(1000, 2500, null, index), ROWS, index, 1), "outside");
    }

    /** An offset index of pages {offset, size, first row}, with a field it does not read. */
    private static byte[] index(long[][] pages) {
        CompactWriter writer = new CompactWriter().structList(1, pages.length);
        for (long[] page : pages) {
            writer.element().i64(1, page[0]).i32(2, (int) page[1]).i64(3, page[2]).end();
        }
        return writer.i32List(2, 7, 8).end().bytes();
    }

    /**
     * A chunk of data pages from {@code start} to {@code end} of the file, its dictionary page at
     * {@code dictionary} if not null, its offset index the file's bytes 0 on, {@code index}.
     */
    private static ColumnChunk chunk(long start, long end, Long dictionary, byte[] index) {
        long from = dictionary == null ? start : dictionary;
        ColumnMetaData meta =
                new ColumnMetaData(
                        PhysicalType.BYTE_ARRAY,
                        List.of(Encoding.PLAIN),
                        FieldPath.of("image", "bytes"),
                        CompressionCodec.SNAPPY,
                        3,
                        end - from,
                        end - from,
                        Map.of(),
                        start,
                        dictionary,
                        null,
                        null,
                        null,
                        null);
        return new ColumnChunk(meta, 0L, index.length, null, null);
    }
}
