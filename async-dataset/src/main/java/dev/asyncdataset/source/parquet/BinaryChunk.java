package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.CompressionCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.IntFunction;
import java.util.zip.CRC32;

/**
 * Decodes a column chunk of byte arrays held in memory, page by page, into each row's value: walks
 * the pages, checks each page's CRC if it has one, skips index pages and hands the others to a
 * {@link PageDecoder}. A page whose uncompressed size is over the chunk's (or {@link
 * #MIN_PAGE_BOUND}) or that runs past the chunk is refused before anything is allocated.
 */
final class BinaryChunk {

    /** The uncompressed size a page may have whatever its chunk's says: 64 MiB. */
    static final int MIN_PAGE_BOUND = 64 << 20;

    private final byte[] bytes;
    private final int end;
    private final long pageBound;
    private final PageDecoder pages;

    private BinaryChunk(
            byte[] bytes,
            int end,
            CompressionCodec codec,
            IntFunction<byte[]> arrays,
            int maxDefinition,
            long uncompressed,
            int rows) {
        this.bytes = bytes;
        this.end = end;
        this.pageBound = Math.max(uncompressed, MIN_PAGE_BOUND);
        this.pages = new PageDecoder(bytes, codec, arrays, maxDefinition, rows);
    }

    /**
     * Decodes the {@code rows} values of the chunk stored in the {@code length} bytes of {@code
     * bytes} at {@code offset}: each row's value, null where it is null (its definition level is
     * under {@code maxDefinition}), each page decompressed into an array from {@code arrays}.
     *
     * @param arrays gives an array of at least the size asked for
     * @param uncompressed the chunk's uncompressed size, as its footer says
     * @throws IOException naming the page if a page is cut short, corrupt, of another encoding, or
     *     the pages hold another number of values
     */
    static ByteBuffer[] decode(
            byte[] bytes,
            int offset,
            int length,
            CompressionCodec codec,
            IntFunction<byte[]> arrays,
            int maxDefinition,
            long uncompressed,
            int rows)
            throws IOException {
        BinaryChunk chunk =
                new BinaryChunk(
                        bytes, offset + length, codec, arrays, maxDefinition, uncompressed, rows);
        int page = 0;
        int at = offset;
        try {
            while (at < chunk.end && chunk.pages.row() < rows) {
                at = chunk.page(at);
                page++;
            }
        } catch (IOException e) {
            throw new IOException("page " + page + " of the chunk: " + e.getMessage(), e);
        }
        if (chunk.pages.row() != rows) {
            throw new IOException(
                    "the chunk's pages hold "
                            + chunk.pages.row()
                            + " values, its row group "
                            + rows);
        }
        return chunk.pages.values();
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
            case PageHeader.DICTIONARY_PAGE -> pages.dictionary(header, body);
            case PageHeader.DATA_PAGE -> pages.dataPage(header, body);
            case PageHeader.DATA_PAGE_V2 -> pages.dataPageV2(header, body);
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
}
