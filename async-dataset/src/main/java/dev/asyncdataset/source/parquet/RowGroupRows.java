package dev.asyncdataset.source.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The decoded image and label columns of one row group, or of the rows of one page of its image
 * column and all its labels: each row's encoded image and label, or what is wrong with the row (a
 * null image or label, a string label not in the class list). The image column's pages are decoded
 * here ({@link BinaryChunk}) and its images are views of the arrays its pages were decompressed
 * into (or of the array Hardwood decodes them into, for an encoding not read here), not copies; the
 * label column, small, is decoded by Hardwood ({@link RowGroupLabels}).
 *
 * @param images each row's encoded image, a view a streamed fetch duplicates and a random-access
 *     fetch copies, null for a row with a problem or outside the page read
 * @param labels each row's label
 * @param problems what is wrong with each row, null for a good row; null if every row is good
 * @param bytes the images' total length, what the row group weighs in the cache
 */
record RowGroupRows(ByteBuffer[] images, long[] labels, String[] problems, long bytes) {

    /**
     * Decodes row group {@code rowGroup}: its first leaf column the image's, its second the
     * label's. The image column is decoded by Hardwood too if its chunk has an encoding or codec
     * {@link HeldRowGroup#binaryColumn} does not read (the delta encodings of byte arrays, LZ4). A
     * page read takes its row group's labels from {@code kept}, which reads them once.
     *
     * @param kept the labels kept, and the class names a string label is looked up in
     */
    static RowGroupRows read(HeldRowGroup rowGroup, RowGroupLabels.Kept kept) throws IOException {
        String image = rowGroup.leaves().get(0);
        boolean here = rowGroup.decodesHere(image);
        ByteBuffer[] images = here ? rowGroup.binaryColumn(image) : new ByteBuffer[rowGroup.rows()];
        RowGroupLabels labels =
                rowGroup.page() == HeldRowGroup.WHOLE
                        ? RowGroupLabels.read(rowGroup, kept.classes(), here ? null : images)
                        : kept.of(rowGroup);
        String[] problems = labels.problems().clone();
        for (int i = rowGroup.firstHeld(); i < rowGroup.firstHeld() + rowGroup.heldRows(); i++) {
            if (images[i] == null && problems[i] == null) {
                problems[i] = "the image is null";
            }
        }
        return new RowGroupRows(images, labels.labels(), anyProblem(problems), weight(images));
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

    /** The length of row {@code row}'s image, 0 if it has none. */
    long rowBytes(int row) {
        return images[row] == null ? 0 : images[row].remaining();
    }
}
