package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hardwood.metadata.CompressionCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.xerial.snappy.Snappy;

/**
 * Column chunks of byte arrays built page by page (the pages real writers produce are read in the
 * Parquet integration tests, written by parquet-java and DuckDB).
 */
class BinaryChunkTest {

    /** Bytes before the chunk in the span it is read from. */
    private static final int BEFORE = 5;

    @Test
    void snappyPagesWithNullsGiveEachRowsValueAsAViewOfItsPageAndNullWhereUndefined()
            throws Exception {
        byte[] levels = definitionLevels(0x03, 0b1101);
        byte[] first = v1(4, PageHeader.PLAIN, concat(levels, plain("a", "bb", "ccc")), true);
        byte[] second =
                v1(2, PageHeader.PLAIN, concat(definitionLevels(0x04, 1), plain("dd", "e")), true);
        ByteBuffer[] rows = decode(concat(first, second), CompressionCodec.SNAPPY, 1, 6);
        assertValues(new String[] {"a", null, "bb", "ccc", "dd", "e"}, rows);
        assertSame(rows[2].array(), rows[3].array(), "views of one page, not copies");
    }

    @Test
    void aDictionaryPageAndV2IndicesStoredUncompressedGiveTheDictionarysValues() throws Exception {
        byte[] dictionary = dictionary(3, plain("x", "yy", "zzz"));
        byte[] indices = {2, 0x03, (byte) 0x92, 0x00};
        byte[] page = v2(5, PageHeader.RLE_DICTIONARY, new byte[] {0x03, 0x1B}, indices);
        ByteBuffer[] rows = decode(concat(dictionary, page), CompressionCodec.SNAPPY, 1, 5);
        assertValues(new String[] {"zzz", "x", null, "yy", "zzz"}, rows);
    }

    @Test
    void aRequiredColumnHasNoLevelsAndAnIndexPageIsSkipped() throws Exception {
        byte[] index = header(new CompactWriter().i32(1, 1).i32(2, 3).i32(3, 3), new byte[3]);
        byte[] page = v1(2, PageHeader.PLAIN, plain("p", "q"), false);
        assertValues(
                new String[] {"p", "q"},
                decode(concat(index, page), CompressionCodec.UNCOMPRESSED, 0, 2));
    }

    @Test
    void aPageWhoseBytesDoNotMatchItsCrcIsAnIoExceptionNamingThePage() throws Exception {
        byte[] first = v1(1, PageHeader.PLAIN, plain("a"), false);
        byte[] second = v1(1, PageHeader.PLAIN, plain("b"), false);
        second[second.length - 1] ^= 0x10;
        IOException e =
                assertThrows(
                        IOException.class,
                        () -> decode(concat(first, second), CompressionCodec.UNCOMPRESSED, 0, 2));
        assertTrue(
                e.getMessage().contains("page 1") && e.getMessage().contains("CRC"),
                e.getMessage());
    }

    @Test
    void corruptLengthsAreIoExceptionsNeverHugeArraysOrIndexErrors() throws Exception {
        byte[] value = plain("abc");
        value[3] = 0x7f;
        assertCorrupt(v1(1, PageHeader.PLAIN, value, false), 0, "runs past its page");
        byte[] levels = definitionLevels(0x02, 1);
        levels[3] = 0x7f;
        assertCorrupt(v1(1, PageHeader.PLAIN, concat(levels, plain("a")), false), 1, "levels");
        byte[] huge =
                header(
                        new CompactWriter().i32(1, 0).i32(2, Integer.MAX_VALUE).i32(3, 4),
                        new byte[4]);
        assertCorrupt(huge, 0, "over the chunk's");
        byte[] past = v1(1, PageHeader.PLAIN, plain("a"), false);
        assertCorrupt(java.util.Arrays.copyOf(past, past.length - 1), 0, "past the end");
    }

    @Test
    void fewerValuesThanRowsAnUnreadEncodingOrIndicesWithoutADictionaryAreIoExceptions() {
        byte[] one = v1(1, PageHeader.PLAIN, plain("a"), false);
        IOException e =
                assertThrows(
                        IOException.class, () -> decode(one, CompressionCodec.UNCOMPRESSED, 0, 2));
        assertTrue(e.getMessage().contains("hold 1 values"), e.getMessage());
        assertCorrupt(v1(1, 6, plain("a"), false), 0, "encoding 6");
        assertCorrupt(v1(1, PageHeader.RLE_DICTIONARY, new byte[] {1, 2, 0}, false), 0, "none");
    }

    private static void assertCorrupt(byte[] chunk, int maxDefinition, String problem) {
        IOException e =
                assertThrows(
                        IOException.class,
                        () -> decode(chunk, CompressionCodec.UNCOMPRESSED, maxDefinition, 1));
        assertTrue(e.getMessage().contains(problem), e.getMessage());
    }

    /**
     * Decodes {@code chunk}, each page into an array longer than the page, as pooled arrays are,
     * its tail bytes set, so that reading past a page's end shows.
     */
    private static ByteBuffer[] decode(
            byte[] chunk, CompressionCodec codec, int maxDefinition, int rows) throws IOException {
        byte[] span = new byte[BEFORE + chunk.length + 3];
        System.arraycopy(chunk, 0, span, BEFORE, chunk.length);
        return BinaryChunk.decode(
                span,
                BEFORE,
                chunk.length,
                codec,
                BinaryChunkTest::longerArray,
                maxDefinition,
                1 << 20,
                rows);
    }

    private static byte[] longerArray(int size) {
        byte[] array = new byte[size + 8];
        Arrays.fill(array, size, array.length, (byte) 0x7f);
        return array;
    }

    private static void assertValues(String[] expected, ByteBuffer[] rows) {
        assertEquals(expected.length, rows.length);
        for (int i = 0; i < rows.length; i++) {
            if (expected[i] == null) {
                assertNull(rows[i], "row " + i);
            } else {
                byte[] bytes = new byte[rows[i].remaining()];
                rows[i].duplicate().get(bytes);
                assertArrayEquals(expected[i].getBytes(StandardCharsets.UTF_8), bytes, "row " + i);
            }
        }
    }

    /** A data page of format 1, Snappy-compressed if {@code snappy}, with its CRC. */
    private static byte[] v1(int values, int encoding, byte[] raw, boolean snappy) {
        byte[] stored = snappy ? snappy(raw) : raw;
        return header(
                new CompactWriter()
                        .i32(1, PageHeader.DATA_PAGE)
                        .i32(2, raw.length)
                        .i32(3, stored.length)
                        .i32(4, crc(stored))
                        .struct(5)
                        .i32(1, values)
                        .i32(2, encoding)
                        .i32(3, 3)
                        .i32(4, 3)
                        .end(),
                stored);
    }

    /** A data page of format 2 whose values are stored uncompressed. */
    private static byte[] v2(int values, int encoding, byte[] levels, byte[] raw) {
        byte[] stored = concat(levels, raw);
        return header(
                new CompactWriter()
                        .i32(1, PageHeader.DATA_PAGE_V2)
                        .i32(2, stored.length)
                        .i32(3, stored.length)
                        .struct(8)
                        .i32(1, values)
                        .i32(2, 1)
                        .i32(3, values)
                        .i32(4, encoding)
                        .i32(5, levels.length)
                        .i32(6, 0)
                        .bool(7, false)
                        .end(),
                stored);
    }

    private static byte[] dictionary(int values, byte[] raw) {
        byte[] stored = snappy(raw);
        return header(
                new CompactWriter()
                        .i32(1, PageHeader.DICTIONARY_PAGE)
                        .i32(2, raw.length)
                        .i32(3, stored.length)
                        .struct(7)
                        .i32(1, values)
                        .i32(2, PageHeader.PLAIN_DICTIONARY)
                        .end(),
                stored);
    }

    private static byte[] header(CompactWriter fields, byte[] body) {
        return concat(fields.end().bytes(), body);
    }

    /** Format 1's definition levels: their length, then a run header and its bytes. */
    private static byte[] definitionLevels(int run, int value) {
        return new byte[] {2, 0, 0, 0, (byte) run, (byte) value};
    }

    private static byte[] plain(String... values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String value : values) {
            byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
            out.writeBytes(
                    ByteBuffer.allocate(4)
                            .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                            .putInt(bytes.length)
                            .array());
            out.writeBytes(bytes);
        }
        return out.toByteArray();
    }

    private static byte[] snappy(byte[] raw) {
        try {
            return Snappy.compress(raw);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static int crc(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return (int) crc.getValue();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }
}
