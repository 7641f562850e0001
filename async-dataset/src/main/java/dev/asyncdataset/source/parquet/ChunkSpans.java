package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.RowGroup;
import java.util.List;

/**
 * Where the column chunks a source reads lie in each row group of one file: from the first such
 * chunk's first byte to the last one's last byte, what a streamed row group reads at once.
 *
 * @param starts the first byte of each row group's chunks
 * @param lengths the bytes from there to the end of its last chunk
 */
record ChunkSpans(long[] starts, int[] lengths) {

    /**
     * The spans of the chunks of {@code leaves} in {@code groups}.
     *
     * @throws ArithmeticException if a row group's chunks span 2 GiB or more
     */
    static ChunkSpans of(List<RowGroup> groups, List<String> leaves) {
        long[] starts = new long[groups.size()];
        int[] lengths = new int[groups.size()];
        for (int g = 0; g < groups.size(); g++) {
            long start = Long.MAX_VALUE;
            long end = 0;
            for (ColumnChunk chunk : groups.get(g).columns()) {
                if (chosen(chunk, leaves)) {
                    start = Math.min(start, chunk.chunkStartOffset());
                    end =
                            Math.max(
                                    end,
                                    chunk.chunkStartOffset()
                                            + chunk.metaData().totalCompressedSize());
                }
            }
            starts[g] = Math.min(start, end);
            lengths[g] = Math.toIntExact(end - starts[g]);
        }
        return new ChunkSpans(starts, lengths);
    }

    /** Whether {@code chunk} is of one of the leaf columns {@code leaves}. */
    static boolean chosen(ColumnChunk chunk, List<String> leaves) {
        return leaves.stream().anyMatch(chunk.metaData().pathInSchema()::matchesDottedName);
    }

    /**
     * Where the page indexes (column and offset indexes) of every column chunk in {@code groups}
     * lie together, between the last row group and the footer: their first byte and the byte past
     * their last, or null if the file has none.
     */
    static long[] pageIndexes(List<RowGroup> groups) {
        long[] range = {Long.MAX_VALUE, -1};
        for (RowGroup group : groups) {
            for (ColumnChunk chunk : group.columns()) {
                widen(range, chunk.columnIndexOffset(), chunk.columnIndexLength());
                widen(range, chunk.offsetIndexOffset(), chunk.offsetIndexLength());
            }
        }
        return range[1] < 0 ? null : range;
    }

    private static void widen(long[] range, Long offset, Integer length) {
        if (offset != null && length != null) {
            range[0] = Math.min(range[0], offset);
            range[1] = Math.max(range[1], offset + length);
        }
    }

    /** The first byte of row group {@code group}'s chunks. */
    long start(int group) {
        return starts[group];
    }

    /** The bytes of row group {@code group}'s chunks. */
    int length(int group) {
        return lengths[group];
    }

    /** The longest span of the file, 0 if it has no row group. */
    int longest() {
        int longest = 0;
        for (int length : lengths) {
            longest = Math.max(longest, length);
        }
        return longest;
    }
}
