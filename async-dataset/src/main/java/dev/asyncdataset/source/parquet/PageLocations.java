package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.ColumnMetaData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the data pages of one column chunk lie and which rows each holds, as the chunk's offset
 * index ({@code OffsetIndex} of the Parquet Thrift definition) says: what random access reads to
 * fetch one row's value without the rest of its row group.
 *
 * @param offsets each page's first byte in the file, its header's
 * @param sizes each page's bytes, header included
 * @param firstRows each page's first row in its row group
 * @param rows the row group's rows
 */
record PageLocations(long[] offsets, int[] sizes, int[] firstRows, int rows) {

    /**
     * The pages of {@code chunk}, a chunk of {@code rows} rows, from its offset index in {@code
     * indexes} (the file's bytes from {@code from}); null if the chunk cannot be read page by page:
     * it has no offset index or one outside {@code indexes}, a dictionary page, fewer than two
     * pages, or pages that do not lie one after another inside it from its row 0.
     */
    static PageLocations of(ColumnChunk chunk, long rows, byte[] indexes, long from) {
        Long offset = chunk.offsetIndexOffset();
        Integer length = chunk.offsetIndexLength();
        ColumnMetaData meta = chunk.metaData();
        if (indexes == null
                || offset == null
                || length == null
                || meta.dictionaryPageOffset() != null
                || offset < from
                || offset - from + length > indexes.length) {
            return null;
        }
        try {
            int at = (int) (offset - from);
            PageLocations pages = read(indexes, at, at + length, Math.toIntExact(rows));
            long end = chunk.chunkStartOffset() + meta.totalCompressedSize();
            return pages.lieIn(meta.dataPageOffset(), end) ? pages : null;
        } catch (IOException | ArithmeticException e) {
            return null;
        }
    }

    /** Reads the offset index at {@code offset} of {@code bytes}, ending before {@code limit}. */
    static PageLocations read(byte[] bytes, int offset, int limit, int rows) throws IOException {
        CompactReader in = new CompactReader(bytes, offset, limit);
        List<long[]> pages = new ArrayList<>();
        in.struct(
                id -> {
                    if (id == 1) {
                        in.structs(i -> location(in, pages));
                    } else {
                        in.skip();
                    }
                });
        long[] offsets = new long[pages.size()];
        int[] sizes = new int[pages.size()];
        int[] firstRows = new int[pages.size()];
        for (int i = 0; i < pages.size(); i++) {
            if (pages.get(i)[1] < 0 || pages.get(i)[2] < 0) {
                throw new IOException("page location " + i + " lacks its size or first row");
            }
            offsets[i] = pages.get(i)[0];
            sizes[i] = Math.toIntExact(pages.get(i)[1]);
            firstRows[i] = Math.toIntExact(pages.get(i)[2]);
        }
        return new PageLocations(offsets, sizes, firstRows, rows);
    }

    /** The fields of a new {@code PageLocation}: its offset, size and first row, added to pages. */
    private static CompactReader.Fields location(CompactReader in, List<long[]> pages) {
        long[] page = {-1, -1, -1};
        pages.add(page);
        return id -> {
            switch (id) {
                case 1 -> page[0] = in.i64();
                case 2 -> page[1] = in.i32();
                case 3 -> page[2] = in.i64();
                default -> in.skip();
            }
        };
    }

    /**
     * Whether there are two pages or more, from row 0 on, each starting after the last one ends,
     * from {@code start} up to {@code end} of the file.
     */
    private boolean lieIn(long start, long end) {
        if (offsets.length < 2 || firstRows[0] != 0) {
            return false;
        }
        long next = start;
        for (int i = 0; i < offsets.length; i++) {
            boolean rowsOk = i == 0 || (firstRows[i] > firstRows[i - 1] && firstRows[i] < rows);
            if (!rowsOk || sizes[i] <= 0 || offsets[i] < next) {
                return false;
            }
            next = offsets[i] + sizes[i];
        }
        return next <= end;
    }

    /** The page holding row {@code row} of the row group. */
    int page(int row) {
        int at = Arrays.binarySearch(firstRows, row);
        return at >= 0 ? at : -at - 2;
    }

    /** How many pages there are. */
    int count() {
        return offsets.length;
    }

    /** Page {@code page}'s first row in the row group. */
    int firstRow(int page) {
        return firstRows[page];
    }

    /** How many rows page {@code page} holds. */
    int rows(int page) {
        return (page + 1 < firstRows.length ? firstRows[page + 1] : rows) - firstRows[page];
    }
}
