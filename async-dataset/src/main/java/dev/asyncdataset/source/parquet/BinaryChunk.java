package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.CompressionCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Decodes a column chunk of byte arrays held in memory, page by page, into each row's value: a view
 * of the array its page was decompressed into, once, at its exact size (a page stored uncompressed
 * is copied once, out of the buffer the chunk was read into, which is reused). Reads data pages of
 * Parquet formats 1 and 2, plain or dictionary-encoded, with definition levels for a nullable
 * column or one in a nullable struct; checks each page's CRC if it has one; skips index pages. A
 * page whose uncompressed size is over the chunk's (or {@link #MIN_PAGE_BOUND}) is refused before
 * anything is allocated.
 */
final class BinaryChunk {

    /** The uncompressed size a page may have whatever its chunk's says: 64 MiB. */
    static final int MIN_PAGE_BOUND = 64 << 20;

    private final byte[] bytes;
    private final int end;
    private final CompressionCodec codec;
    private final int maxDefinition;
    private final long pageBound;
    private final ByteBuffer[] values;
    private ByteBuffer[] dictionary;
    private int row;

    private BinaryChunk(
            byte[] bytes,
            int end,
            CompressionCodec codec,
            int maxDefinition,
            long uncompressed,
            int rows) {
        this.bytes = bytes;
        this.end = end;
        this.codec = codec;
        this.maxDefinition = maxDefinition;
        this.pageBound = Math.max(uncompressed, MIN_PAGE_BOUND);
        this.values = new ByteBuffer[rows];
    }

    /**
     * Decodes the {@code rows} values of the chunk stored in the {@code length} bytes of {@code
     * bytes} at {@code offset}: each row's value, null where it is null (its definition level is
     * under {@code maxDefinition}).
     *
     * @param uncompressed the chunk's uncompressed size, as its footer says
     * @throws IOException naming the page if a page is cut short, corrupt, of another encoding, or
     *     the pages hold another number of values
     */
    static ByteBuffer[] decode(
            byte[] bytes,
            int offset,
            int length,
            CompressionCodec codec,
            int maxDefinition,
            long uncompressed,
            int rows)
            throws IOException {
        BinaryChunk chunk =
                new BinaryChunk(bytes, offset + length, codec, maxDefinition, uncompressed, rows);
        int page = 0;
        int at = offset;
        try {
            while (at < chunk.end && chunk.row < rows) {
                at = chunk.page(at);
                page++;
            }
        } catch (IOException e) {
            throw new IOException("page " + page + " of the chunk: " + e.getMessage(), e);
        }
        if (chunk.row != rows) {
            throw new IOException(
                    "the chunk's pages hold " + chunk.row + " values, its row group " + rows);
        }
        return chunk.values;
    }

    /** Decodes the page at {@code at}; returns where the next one starts. */
    private int page(int at) throws IOException {
        PageHeader header = PageHeader.read(bytes, at, end);
        int body = at + header.length();
        if (header.compressedSize() > end - body) {
            throw new IOException(
                    "its " + header.compressedSize() + " bytes run past the end of the chunk");
        }
        if (header.uncompressedSize() > pageBound) {
            throw new IOException(
                    "its "
                            + header.uncompressedSize()
                            + " bytes are over the chunk's "
                            + pageBound);
        }
        checkCrc(header, body);
        switch (header.type()) {
            case PageHeader.DICTIONARY_PAGE -> dictionary(header, body);
            case PageHeader.DATA_PAGE -> dataPage(header, body);
            case PageHeader.DATA_PAGE_V2 -> dataPageV2(header, body);
            default -> {}
        }
        return body + header.compressedSize();
    }

    private void checkCrc(PageHeader header, int body) throws IOException {
        if (header.crc() != null) {
            CRC32 crc = new CRC32();
            crc.update(bytes, body, header.compressedSize());
            if ((int) crc.getValue() != header.crc()) {
                throw new IOException("its CRC does not match its bytes: it is corrupt");
            }
        }
    }

    private void dictionary(PageHeader header, int body) throws IOException {
        byte[] page =
                PageCodec.decompress(
                        codec, bytes, body, header.compressedSize(), header.uncompressedSize());
        if (header.values() > page.length / 4) {
            throw new IOException(
                    header.values() + " dictionary values in " + page.length + " bytes");
        }
        dictionary = new ByteBuffer[header.values()];
        int[] at = {0};
        for (int i = 0; i < dictionary.length; i++) {
            dictionary[i] = PageValues.plain(page, at);
        }
    }

    private void dataPage(PageHeader header, int body) throws IOException {
        byte[] page =
                PageCodec.decompress(
                        codec, bytes, body, header.compressedSize(), header.uncompressedSize());
        int[] defined = null;
        int at = 0;
        if (maxDefinition > 0) {
            if (header.definitionEncoding() != PageHeader.RLE) {
                throw new IOException(
                        "its definition levels' encoding "
                                + header.definitionEncoding()
                                + " is not read");
            }
            int length = PageValues.intAt(page, 0);
            if (length < 0 || length > page.length - 4) {
                throw new IOException("its definition levels of " + length + " bytes run past it");
            }
            defined = levels(page, 4, 4 + length, header.values());
            at = 4 + length;
        }
        values(header, page, at, defined);
    }

    private void dataPageV2(PageHeader header, int body) throws IOException {
        int levels = header.repetitionLength() + header.definitionLength();
        if (levels > header.compressedSize() || levels > header.uncompressedSize()) {
            throw new IOException("its levels of " + levels + " bytes run past it");
        }
        int definitions = body + header.repetitionLength();
        int[] defined =
                maxDefinition > 0
                        ? levels(
                                bytes,
                                definitions,
                                definitions + header.definitionLength(),
                                header.values())
                        : null;
        byte[] page =
                PageCodec.decompress(
                        header.compressed() ? codec : CompressionCodec.UNCOMPRESSED,
                        bytes,
                        body + levels,
                        header.compressedSize() - levels,
                        header.uncompressedSize() - levels);
        values(header, page, 0, defined);
    }

    /** The definition levels of a page's {@code count} values. */
    private int[] levels(byte[] page, int from, int to, int count) throws IOException {
        checkCount(count);
        int[] levels = new int[count];
        HybridDecoder.decode(
                page, from, to, 32 - Integer.numberOfLeadingZeros(maxDefinition), levels, count);
        return levels;
    }

    private void values(PageHeader header, byte[] page, int at, int[] levels) throws IOException {
        int count = header.values();
        checkCount(count);
        int present = count;
        for (int i = 0; levels != null && i < count; i++) {
            present -= levels[i] == maxDefinition ? 0 : 1;
        }
        PageValues source = PageValues.of(header.encoding(), page, at, present, dictionary);
        for (int i = 0; i < count; i++) {
            values[row++] = levels == null || levels[i] == maxDefinition ? source.next() : null;
        }
    }

    private void checkCount(int count) throws IOException {
        if (count > values.length - row) {
            throw new IOException(
                    "its "
                            + count
                            + " values are more than the "
                            + (values.length - row)
                            + " rows left");
        }
    }
}
