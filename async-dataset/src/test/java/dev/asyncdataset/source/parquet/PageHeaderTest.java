package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PageHeaderTest {

    private static final byte[] BIG = new byte[300];

    @Test
    void dataPageHeaderGivesItsSizesCrcValuesAndEncodingSkippingItsStatistics() throws Exception {
        byte[] header =
                new CompactWriter()
                        .i32(1, PageHeader.DATA_PAGE)
                        .i32(2, 1000)
                        .i32(3, 600)
                        .i32(4, -123456789)
                        .struct(5)
                        .i32(1, 42)
                        .i32(2, PageHeader.PLAIN)
                        .i32(3, 3)
                        .i32(4, 3)
                        .struct(5)
                        .binary(1, BIG)
                        .binary(2, new byte[] {1})
                        .i64(3, 7)
                        .end()
                        .end()
                        .end()
                        .bytes();
        PageHeader page = read(header);
        assertEquals(PageHeader.DATA_PAGE, page.type());
        assertEquals(1000, page.uncompressedSize());
        assertEquals(600, page.compressedSize());
        assertEquals(-123456789, page.crc());
        assertEquals(42, page.values());
        assertEquals(PageHeader.PLAIN, page.encoding());
        assertEquals(header.length, page.length());
    }

    @Test
    void dataPageV2HeaderGivesItsLevelLengthsAndWhetherItIsCompressed() throws Exception {
        byte[] header =
                new CompactWriter()
                        .i32(1, PageHeader.DATA_PAGE_V2)
                        .i32(2, 50)
                        .i32(3, 40)
                        .struct(8)
                        .i32(1, 9)
                        .i32(2, 2)
                        .i32(3, 9)
                        .i32(4, PageHeader.RLE_DICTIONARY)
                        .i32(5, 6)
                        .i32(6, 0)
                        .bool(7, false)
                        .end()
                        .end()
                        .bytes();
        PageHeader page = read(header);
        assertEquals(9, page.values());
        assertEquals(PageHeader.RLE_DICTIONARY, page.encoding());
        assertEquals(6, page.definitionLength());
        assertEquals(0, page.repetitionLength());
        assertFalse(page.compressed());
        assertNull(page.crc());
    }

    @Test
    void unknownFieldsOfEveryTypeAreSkippedWhole() throws Exception {
        byte[] header =
                new CompactWriter()
                        .i32(1, PageHeader.DICTIONARY_PAGE)
                        .i32(2, 10)
                        .i32(3, 10)
                        .struct(6)
                        .i32List(1, new int[20])
                        .boolList(2, true, false)
                        .map(3, 5, BIG)
                        .dbl(4, 1.5)
                        .end()
                        .struct(7)
                        .i32(1, 3)
                        .i32(2, PageHeader.PLAIN_DICTIONARY)
                        .bool(3, true)
                        .end()
                        .i64(100, Long.MIN_VALUE)
                        .struct(200)
                        .struct(1)
                        .binary(2, BIG)
                        .end()
                        .end()
                        .end()
                        .bytes();
        PageHeader page = read(header);
        assertEquals(PageHeader.DICTIONARY_PAGE, page.type());
        assertEquals(3, page.values());
        assertEquals(PageHeader.PLAIN_DICTIONARY, page.encoding());
        assertEquals(header.length, page.length());
    }

    @Test
    void aHeaderCutShortAnywhereIsAnIoException() throws Exception {
        byte[] header =
                new CompactWriter()
                        .i32(1, PageHeader.DATA_PAGE)
                        .i32(2, 100)
                        .i32(3, 100)
                        .struct(5)
                        .i32(1, 4)
                        .binary(9, BIG)
                        .end()
                        .end()
                        .bytes();
        for (int cut = 0; cut < header.length; cut++) {
            byte[] shorter = Arrays.copyOf(header, cut);
            assertThrows(IOException.class, () -> read(shorter), "cut at " + cut);
        }
    }

    @Test
    void aHugeLengthOrAMissingSizeIsAnIoExceptionNamingIt() {
        byte[] huge = new CompactWriter().i32(1, 0).bytes();
        byte[] withHugeBinary = Arrays.copyOf(huge, huge.length + 6);
        withHugeBinary[huge.length] = (byte) 0x88;
        Arrays.fill(withHugeBinary, huge.length + 1, huge.length + 5, (byte) 0xff);
        withHugeBinary[huge.length + 5] = 0x07;
        IOException e = assertThrows(IOException.class, () -> read(withHugeBinary));
        assertTrue(e.getMessage().contains("runs past"), e.getMessage());
        byte[] noSizes = new CompactWriter().i32(1, 0).end().bytes();
        e = assertThrows(IOException.class, () -> read(noSizes));
        assertTrue(e.getMessage().contains("lacks"), e.getMessage());
        byte[] negative = new CompactWriter().i32(1, 0).i32(2, -1).i32(3, 5).end().bytes();
        assertThrows(IOException.class, () -> read(negative));
    }

    private static PageHeader read(byte[] header) throws IOException {
        return PageHeader.read(header, 0, header.length);
    }
}
