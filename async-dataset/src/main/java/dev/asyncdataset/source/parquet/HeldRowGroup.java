package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.ColumnMetaData;
import dev.hardwood.metadata.CompressionCodec;
import dev.hardwood.metadata.Encoding;
import dev.hardwood.metadata.PhysicalType;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.schema.ColumnSchema;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * One row group of a file whose chosen columns' chunks are in memory: the first {@code length}
 * bytes of {@code span}, the row group's span of chunks ({@link ParquetFile#spans}); or, for a page
 * read, one data page of its first chosen column ({@link ParquetFile#pages}), the other columns
 * then read by Hardwood from the store. Its columns are decoded from there, by Hardwood ({@link
 * #readers}) or here ({@link #binaryColumn}).
 *
 * @param file the file
 * @param group the row group in the file
 * @param page the page of the first chosen column held, or {@link #WHOLE} for the row group's span
 * @param span the bytes held, in a buffer that may be reused once the row group is decoded
 * @param length how many bytes of {@code span} they take
 * @param pages where the arrays its pages are decompressed into come from
 */
record HeldRowGroup(
        ParquetFile file, int group, int page, byte[] span, int length, PageBuffers.Lease pages) {

    /** The {@link #page} of a row group held whole. */
    static final int WHOLE = -1;

    /** The codecs of a chunk {@link #binaryColumn} reads. */
    private static final Set<CompressionCodec> CODECS =
            EnumSet.of(
                    CompressionCodec.UNCOMPRESSED,
                    CompressionCodec.SNAPPY,
                    CompressionCodec.ZSTD,
                    CompressionCodec.GZIP);

    /**
     * The encodings of a chunk {@link #binaryColumn} reads; {@code BIT_PACKED} is that of the
     * absent repetition levels in files of parquet-java's format 1 pages.
     */
    private static final Set<Encoding> READ_HERE =
            EnumSet.of(
                    Encoding.PLAIN,
                    Encoding.PLAIN_DICTIONARY,
                    Encoding.RLE_DICTIONARY,
                    Encoding.RLE,
                    Encoding.BIT_PACKED);

    /** How many rows the row group holds. */
    int rows() {
        return Math.toIntExact(file.rows(group));
    }

    /** The first row whose value of the first chosen column is held. */
    int firstHeld() {
        return page == WHOLE ? 0 : file.pages(group).firstRow(page);
    }

    /** How many rows' values of the first chosen column are held, from {@link #firstHeld}. */
    int heldRows() {
        return page == WHOLE ? rows() : file.pages(group).rows(page);
    }

    /** The chosen leaf columns, in the order the source named them. */
    List<String> leaves() {
        return file.leaves();
    }

    /**
     * Hardwood's readers of leaf columns {@code leaves} of the row group, one batch of all its
     * rows; the caller closes them.
     */
    ColumnReaders readers(List<String> leaves) throws IOException {
        return file.readers(group, leaves);
    }

    /**
     * Whether {@link #binaryColumn} reads leaf column {@code leaf}'s chunk: whether it holds byte
     * arrays, not repeated, plain or dictionary-encoded, in pages uncompressed or compressed with
     * Snappy, Zstd or gzip, as its schema and footer say.
     */
    boolean decodesHere(String leaf) throws IOException {
        return decodesHere(file.column(leaf), file.chunk(group, leaf).metaData());
    }

    /** Whether {@link #binaryColumn} reads a chunk of {@code column} that {@code meta} tells of. */
    static boolean decodesHere(ColumnSchema column, ColumnMetaData meta) {
        return column.type() == PhysicalType.BYTE_ARRAY
                && column.maxRepetitionLevel() == 0
                && READ_HERE.containsAll(meta.encodings())
                && CODECS.contains(meta.codec());
    }

    /**
     * Decodes leaf column {@code leaf}, of byte arrays and not repeated, into each row's value, a
     * view of its decompressed page (an array of {@link #pages}); null where it is null or not held
     * (outside the page held).
     *
     * @throws IOException naming the column and page if the chunk lies outside the span or a page
     *     cannot be decoded
     */
    ByteBuffer[] binaryColumn(String leaf) throws IOException {
        if (page == WHOLE) {
            return wholeColumn(leaf);
        }
        if (!leaf.equals(leaves().get(0))) {
            throw new IOException(
                    "column "
                            + leaf
                            + " is not held, only page "
                            + page
                            + " of "
                            + leaves().get(0));
        }
        ColumnMetaData meta = file.chunk(group, leaf).metaData();
        ByteBuffer[] values = new ByteBuffer[rows()];
        try {
            ByteBuffer[] held =
                    BinaryChunk.decode(
                            span,
                            0,
                            length,
                            meta.codec(),
                            pages::take,
                            file.column(leaf).maxDefinitionLevel(),
                            meta.totalUncompressedSize(),
                            heldRows());
            System.arraycopy(held, 0, values, firstHeld(), held.length);
            return values;
        } catch (IOException e) {
            throw new IOException("column " + leaf + ", page " + page + ": " + e.getMessage(), e);
        }
    }

    private ByteBuffer[] wholeColumn(String leaf) throws IOException {
        ColumnChunk chunk = file.chunk(group, leaf);
        ColumnMetaData meta = chunk.metaData();
        long offset = chunk.chunkStartOffset() - file.spans().start(group);
        if (offset < 0
                || meta.totalCompressedSize() < 0
                || offset + meta.totalCompressedSize() > length) {
            throw new IOException("column " + leaf + "'s chunk lies outside its row group's");
        }
        try {
            return BinaryChunk.decode(
                    span,
                    (int) offset,
                    (int) meta.totalCompressedSize(),
                    meta.codec(),
                    pages::take,
                    file.column(leaf).maxDefinitionLevel(),
                    meta.totalUncompressedSize(),
                    rows());
        } catch (IOException e) {
            throw new IOException("column " + leaf + ", " + e.getMessage(), e);
        }
    }
}
