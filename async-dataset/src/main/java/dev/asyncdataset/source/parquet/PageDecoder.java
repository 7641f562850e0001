package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.CompressionCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.IntFunction;

/**
 * Decodes the pages of one column chunk of byte arrays into each row's value: a view of the array
 * its page was decompressed into, once, an array the caller gives (a page stored uncompressed is
 * copied once, out of the buffer the chunk was read into, which is reused). Reads data pages of
 * Parquet formats 1 and 2, plain or dictionary-encoded, with definition levels for a nullable
 * column or one in a nullable struct; {@link BinaryChunk} walks the pages and checks their frames.
 */
final class PageDecoder {

    private final byte[] bytes;
    private final CompressionCodec codec;
    private final IntFunction<byte[]> arrays;
    private final int maxDefinition;
    private final ByteBuffer[] values;
    private ByteBuffer[] dictionary;
    private int row;

    /**
     * Decodes pages of {@code bytes} into the values of {@code rows} rows, each page into an array
     * of at least its size from {@code arrays}.
     */
    PageDecoder(
            byte[] bytes,
            CompressionCodec codec,
            IntFunction<byte[]> arrays,
            int maxDefinition,
            int rows) {
        this.bytes = bytes;
        this.codec = codec;
        this.arrays = arrays;
        this.maxDefinition = maxDefinition;
        this.values = new ByteBuffer[rows];
    }

    /** How many rows' values the pages decoded so far hold. */
    int row() {
        return row;
    }

    /** Each row's value, null where it is null (its definition level under the maximum). */
    ByteBuffer[] values() {
        return values;
    }

    void dictionary(PageHeader header, int body) throws IOException {
        int end = header.uncompressedSize();
        byte[] page = decompress(codec, body, header.compressedSize(), end);
        if (header.values() > end / 4) {
            throw new IOException(header.values() + " dictionary values in " + end + " bytes");
        }
        dictionary = new ByteBuffer[header.values()];
        int[] at = {0};
        for (int i = 0; i < dictionary.length; i++) {
            dictionary[i] = PageValues.plain(page, at, end);
        }
    }

    void dataPage(PageHeader header, int body) throws IOException {
        int end = header.uncompressedSize();
        byte[] page = decompress(codec, body, header.compressedSize(), end);
        int[] defined = null;
        int at = 0;
        if (maxDefinition > 0) {
            if (header.definitionEncoding() != PageHeader.RLE) {
                throw new IOException(
                        "its definition levels' encoding "
                                + header.definitionEncoding()
                                + " is not read");
            }
            int length = PageValues.intAt(page, 0, end);
            if (length < 0 || length > end - 4) {
                throw new IOException("its definition levels of " + length + " bytes run past it");
            }
            defined = levels(page, 4, 4 + length, header.values());
            at = 4 + length;
        }
        values(header, page, at, end, defined);
    }

    void dataPageV2(PageHeader header, int body) throws IOException {
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
        int end = header.uncompressedSize() - levels;
        byte[] page =
                decompress(
                        header.compressed() ? codec : CompressionCodec.UNCOMPRESSED,
                        body + levels,
                        header.compressedSize() - levels,
                        end);
        values(header, page, 0, end, defined);
    }

    private byte[] decompress(CompressionCodec with, int body, int length, int size)
            throws IOException {
        return PageCodec.decompress(with, bytes, body, length, size, arrays);
    }

    /** The definition levels of a page's {@code count} values. */
    private int[] levels(byte[] page, int from, int to, int count) throws IOException {
        checkCount(count);
        int[] levels = new int[count];
        HybridDecoder.decode(
                page, from, to, 32 - Integer.numberOfLeadingZeros(maxDefinition), levels, count);
        return levels;
    }

    private void values(PageHeader header, byte[] page, int at, int end, int[] levels)
            throws IOException {
        int count = header.values();
        checkCount(count);
        int present = count;
        for (int i = 0; levels != null && i < count; i++) {
            present -= levels[i] == maxDefinition ? 0 : 1;
        }
        PageValues source = PageValues.of(header.encoding(), page, at, end, present, dictionary);
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
