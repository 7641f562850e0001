package dev.asyncdataset.source.jsonl;

import java.util.Arrays;

/**
 * The lines of one JSON Lines file that hold a record, as byte ranges of its decompressed bytes,
 * with their line numbers (from 1); lines of nothing but whitespace hold none and are passed over.
 * A line ends at {@code \n}, a {@code \r} before it left out.
 *
 * @param starts where each record's line starts
 * @param ends where each ends, exclusive
 * @param lines the line number of each
 * @param bytes the file's length decompressed
 */
record LineIndex(int[] starts, int[] ends, int[] lines, int bytes) {

    /** Indexes the records of the first {@code length} bytes of {@code text}. */
    static LineIndex of(byte[] text, int length) {
        int[] starts = new int[16];
        int[] ends = new int[16];
        int[] lines = new int[16];
        int count = 0;
        int line = 0;
        for (int start = 0; start < length; ) {
            int end = start;
            while (end < length && text[end] != '\n') {
                end++;
            }
            line++;
            int last = end > start && text[end - 1] == '\r' ? end - 1 : end;
            if (!blank(text, start, last)) {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                    ends = Arrays.copyOf(ends, count * 2);
                    lines = Arrays.copyOf(lines, count * 2);
                }
                starts[count] = start;
                ends[count] = last;
                lines[count++] = line;
            }
            start = end + 1;
        }
        return new LineIndex(
                Arrays.copyOf(starts, count),
                Arrays.copyOf(ends, count),
                Arrays.copyOf(lines, count),
                length);
    }

    private static boolean blank(byte[] text, int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = text[i];
            if (b != ' ' && b != '\t' && b != '\r') {
                return false;
            }
        }
        return true;
    }

    /** The number of records. */
    int size() {
        return starts.length;
    }
}
