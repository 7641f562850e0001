package dev.asyncdataset.source.parquet;

import java.io.IOException;

/**
 * The fields of a Parquet page header ({@code PageHeader} of the Parquet Thrift definition) that
 * decoding a column of byte arrays needs; the others are skipped.
 *
 * @param type the page type: {@link #DATA_PAGE}, {@link #DICTIONARY_PAGE}, {@link #DATA_PAGE_V2} or
 *     another, which is skipped
 * @param uncompressedSize the page's bytes after the header, uncompressed
 * @param compressedSize the page's bytes after the header, as stored
 * @param crc the CRC32 of the stored bytes, null if not written
 * @param values the page's values, nulls included
 * @param encoding the values' encoding
 * @param definitionEncoding a format 1 data page's encoding of definition levels
 * @param definitionLength a V2 page's bytes of definition levels, stored uncompressed
 * @param repetitionLength a V2 page's bytes of repetition levels, stored uncompressed
 * @param compressed false for a V2 page whose values are stored uncompressed
 * @param length the header's own bytes
 */
record PageHeader(
        int type,
        int uncompressedSize,
        int compressedSize,
        Integer crc,
        int values,
        int encoding,
        int definitionEncoding,
        int definitionLength,
        int repetitionLength,
        boolean compressed,
        int length) {

    /** A data page of Parquet format 1. */
    static final int DATA_PAGE = 0;

    /** A dictionary page. */
    static final int DICTIONARY_PAGE = 2;

    /** A data page of Parquet format 2. */
    static final int DATA_PAGE_V2 = 3;

    /** Values one after another, a byte array as its 4-byte little-endian length and bytes. */
    static final int PLAIN = 0;

    /** Dictionary indices (Parquet format 1's name). */
    static final int PLAIN_DICTIONARY = 2;

    /** Levels in the RLE/bit-packed hybrid. */
    static final int RLE = 3;

    /** Dictionary indices. */
    static final int RLE_DICTIONARY = 8;

    /**
     * Reads the page header at {@code offset} of {@code bytes}, which must end before {@code
     * limit}.
     *
     * @throws IOException if it is cut short, malformed, or lacks a required field
     */
    static PageHeader read(byte[] bytes, int offset, int limit) throws IOException {
        CompactReader in = new CompactReader(bytes, offset, limit);
        Builder header = new Builder();
        in.struct(id -> header.field(in, id));
        return header.build(in.position() - offset);
    }

    /** The fields of a header as they are read. */
    private static final class Builder {
        private int type = -1;
        private int uncompressedSize = -1;
        private int compressedSize = -1;
        private Integer crc;
        private int values;
        private int encoding = PLAIN;
        private int definitionEncoding = RLE;
        private int definitionLength;
        private int repetitionLength;
        private boolean compressed = true;

        void field(CompactReader in, int id) throws IOException {
            switch (id) {
                case 1 -> type = in.i32();
                case 2 -> uncompressedSize = in.i32();
                case 3 -> compressedSize = in.i32();
                case 4 -> crc = in.i32();
                case 5 -> nested(in, this::dataPage);
                case 7 -> nested(in, this::dictionaryPage);
                case 8 -> nested(in, this::dataPageV2);
                default -> in.skip();
            }
        }

        private void nested(CompactReader in, Nested fields) throws IOException {
            if (in.type() != CompactReader.STRUCT) {
                in.skip();
                return;
            }
            in.struct(id -> fields.read(in, id));
        }

        private void dataPage(CompactReader in, int id) throws IOException {
            if (id == 3) {
                definitionEncoding = in.i32();
            } else {
                dictionaryPage(in, id);
            }
        }

        /** A dictionary page's header, whose first two fields are a data page's too. */
        private void dictionaryPage(CompactReader in, int id) throws IOException {
            switch (id) {
                case 1 -> values = in.i32();
                case 2 -> encoding = in.i32();
                default -> in.skip();
            }
        }

        private void dataPageV2(CompactReader in, int id) throws IOException {
            switch (id) {
                case 1 -> values = in.i32();
                case 4 -> encoding = in.i32();
                case 5 -> definitionLength = in.i32();
                case 6 -> repetitionLength = in.i32();
                case 7 -> compressed = in.bool();
                default -> in.skip();
            }
        }

        PageHeader build(int length) throws IOException {
            if (type < 0 || uncompressedSize < 0 || compressedSize < 0 || values < 0) {
                throw new IOException(
                        "a page header lacks its type or sizes, or has a negative one");
            }
            if (definitionLength < 0 || repetitionLength < 0) {
                throw new IOException("a page header has a negative length of levels");
            }
            return new PageHeader(
                    type,
                    uncompressedSize,
                    compressedSize,
                    crc,
                    values,
                    encoding,
                    definitionEncoding,
                    definitionLength,
                    repetitionLength,
                    compressed,
                    length);
        }
    }

    @FunctionalInterface
    private interface Nested {
        void read(CompactReader in, int id) throws IOException;
    }
}
