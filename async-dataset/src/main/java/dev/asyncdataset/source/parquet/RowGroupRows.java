package dev.asyncdataset.source.parquet;

import dev.hardwood.metadata.PhysicalType;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.Validity;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The decoded image and label columns of one row group, or of the rows of one page of its image
 * column and all its labels: each row's encoded image and label, or what is wrong with the row (a
 * null image or label, a string label not in the class list). The image column's pages are decoded
 * here ({@link BinaryChunk}) and its images are views of the arrays its pages were decompressed
 * into (or of the array Hardwood decodes them into, for an encoding not read here), not copies; the
 * label column, small, is decoded by Hardwood.
 *
 * @param images each row's encoded image, a view a fetch duplicates, null for a row with a problem
 *     or outside the page read
 * @param labels each row's label
 * @param problems what is wrong with each row, null for a good row; null if every row is good
 * @param bytes the images' total length, what the row group weighs in the cache
 */
record RowGroupRows(ByteBuffer[] images, long[] labels, String[] problems, long bytes) {

    /**
     * Decodes row group {@code rowGroup}: its first leaf column the image's, its second the
     * label's. The image column is decoded by Hardwood too if its chunk has an encoding or codec
     * {@link HeldRowGroup#binaryColumn} does not read (the delta encodings of byte arrays, LZ4).
     *
     * @param classes the class names a string label is looked up in
     */
    static RowGroupRows read(HeldRowGroup rowGroup, List<String> classes) throws IOException {
        int rows = rowGroup.rows();
        String image = rowGroup.leaves().get(0);
        String label = rowGroup.leaves().get(1);
        boolean here = rowGroup.decodesHere(image);
        ByteBuffer[] images = here ? rowGroup.binaryColumn(image) : new ByteBuffer[rows];
        long[] labels = new long[rows];
        String[] problems = new String[rows];
        try (ColumnReaders readers =
                rowGroup.readers(here ? List.of(label) : List.of(image, label))) {
            int at = 0;
            while (readers.nextBatch()) {
                int count = readers.getRecordCount();
                if (at + count > rows) {
                    throw new IOException(
                            "the row group holds more rows than its footer's " + rows);
                }
                if (!here) {
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
        for (int i = rowGroup.firstHeld(); i < rowGroup.firstHeld() + rowGroup.heldRows(); i++) {
            if (images[i] == null && problems[i] == null) {
                problems[i] = "the image is null";
            }
        }
        return new RowGroupRows(images, labels, anyProblem(problems), weight(images));
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

    private static String[] anyProblem(String[] problems) {
        for (String problem : problems) {
            if (problem != null) {
                return problems;
            }
        }
        return null;
    }

    private static long weight(ByteBuffer[] images) {
        long bytes = 0;
        for (ByteBuffer image : images) {
            bytes += image == null ? 0 : image.remaining();
        }
        return bytes;
    }

    /** What is wrong with row {@code row}, or null if it is good. */
    String problem(int row) {
        return problems == null ? null : problems[row];
    }
}
