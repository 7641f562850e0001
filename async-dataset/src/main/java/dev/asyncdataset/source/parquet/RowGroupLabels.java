package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.PhysicalType;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.Validity;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The label column of one row group, decoded by Hardwood: each row's label, and what is wrong with
 * it (a null label, a string label not in the class list).
 *
 * @param labels each row's label, 0 where it has a problem
 * @param problems what is wrong with each row's label, null for a good one
 */
record RowGroupLabels(long[] labels, String[] problems) {

    /**
     * The labels of each row group that random access reads page by page, each read once and kept
     * for the source's life: one long per row, so that a page read reads only its image page, and
     * Hardwood's file reader, which keeps each build of column readers until the source is closed,
     * is used once per row group, not once per page read.
     */
    static final class Kept {

        private final List<String> classes;
        private final Map<ParquetFile, RowGroupCache<RowGroupLabels>> files =
                new ConcurrentHashMap<>();

        /**
         * @param classes the class names a string label is looked up in
         */
        Kept(List<String> classes) {
            this.classes = List.copyOf(classes);
        }

        /** The labels of {@code rowGroup}'s row group, read by the first fetch that asks. */
        RowGroupLabels of(HeldRowGroup rowGroup) throws IOException {
            RowGroupCache<RowGroupLabels> file =
                    files.computeIfAbsent(
                            rowGroup.file(), f -> new RowGroupCache<>(labels -> 0, Long.MAX_VALUE));
            try {
                return file.get(rowGroup.group(), group -> read(rowGroup, classes, null));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted reading the labels");
            }
        }

        /** The class names a string label is looked up in. */
        List<String> classes() {
            return classes;
        }
    }

    /**
     * Reads the label column of {@code rowGroup} (its second leaf) with Hardwood, in one build of
     * its column readers, and the image column (its first) too into {@code images} unless null.
     */
    static RowGroupLabels read(HeldRowGroup rowGroup, List<String> classes, ByteBuffer[] images)
            throws IOException {
        int rows = rowGroup.rows();
        String image = rowGroup.leaves().get(0);
        String label = rowGroup.leaves().get(1);
        long[] labels = new long[rows];
        String[] problems = new String[rows];
        try (ColumnReaders readers =
                rowGroup.readers(images == null ? List.of(label) : List.of(image, label))) {
            int at = 0;
            while (readers.nextBatch()) {
                int count = readers.getRecordCount();
                if (at + count > rows) {
                    throw new IOException(
                            "the row group holds more rows than its footer's " + rows);
                }
                if (images != null) {
                    images(readers.getColumnReader(image), images, at, count);
                }
                labels(readers.getColumnReader(label), classes, labels, problems, at, count);
                at += count;
            }
            if (at != rows) {
                throw new IOException(
                        "the row group holds " + at + " rows, its footer says " + rows);
            }
        }
        return new RowGroupLabels(labels, problems);
    }

    /** A batch of Hardwood's image values, views of the array it decoded them into. */
    private static void images(ColumnReader column, ByteBuffer[] images, int at, int count) {
        byte[] values = column.getBinaryValues();
        int[] offsets = column.getBinaryOffsets();
        Validity valid = column.getLeafValidity();
        for (int i = 0; i < count; i++) {
            if (!valid.isNull(i)) {
                images[at + i] =
                        ByteBuffer.wrap(values, offsets[i], offsets[i + 1] - offsets[i]).slice();
            }
        }
    }

    private static void labels(
            ColumnReader column,
            List<String> classes,
            long[] labels,
            String[] problems,
            int at,
            int count) {
        Validity valid = column.getLeafValidity();
        PhysicalType type = column.getColumnSchema().type();
        int[] ints = type == PhysicalType.INT32 ? column.getInts() : null;
        long[] longs = type == PhysicalType.INT64 ? column.getLongs() : null;
        String[] strings = type == PhysicalType.BYTE_ARRAY ? column.getStrings() : null;
        for (int i = 0; i < count; i++) {
            if (valid.isNull(i)) {
                problems[at + i] = "the label is null";
            } else if (strings != null) {
                labels[at + i] = classes.indexOf(strings[i]);
                if (labels[at + i] < 0) {
                    problems[at + i] = "label " + strings[i] + " is not in the class list";
                }
            } else {
                labels[at + i] = ints != null ? ints[i] : longs[i];
            }
        }
    }
}
