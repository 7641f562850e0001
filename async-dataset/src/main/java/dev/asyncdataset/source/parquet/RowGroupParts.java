package dev.asyncdataset.source.parquet;

import dev.asyncdataset.sample.Sample;
import dev.hardwood.metadata.PhysicalType;
import dev.hardwood.reader.ColumnReader;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.Validity;
import dev.hardwood.schema.FileSchema;
import dev.hardwood.schema.SchemaNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The chosen columns of one row group as the parts of each row's {@link Sample}, one part per
 * column, named after it: binary and string values as their bytes (a {@code {bytes, path}} struct's
 * bytes), numbers and booleans as decimal text, which {@code Parts.integer} and {@code Parts.text}
 * read. A null value is a part the sample lacks.
 *
 * @param names the part names, the columns' names
 * @param values each column's value of each row, null where it is null
 * @param bytes the values' total length, what the row group weighs in the cache
 */
record RowGroupParts(List<String> names, byte[][][] values, long bytes) {

    /**
     * The leaf columns of {@code columns} in {@code schema}.
     *
     * @throws IllegalArgumentException naming a column that is missing, a list, a map or INT96
     */
    static List<String> leaves(FileSchema schema, List<String> columns) {
        Map<String, SchemaNode> fields = ColumnMapping.fields(schema);
        List<String> leaves = new ArrayList<>();
        for (String column : columns) {
            String leaf = ColumnMapping.leaf(fields, column);
            PhysicalType type = schema.getColumn(leaf).type();
            if (type == PhysicalType.INT96) {
                throw new IllegalArgumentException("column " + column + " is INT96");
            }
            leaves.add(leaf);
        }
        return leaves;
    }

    /**
     * Decodes the chosen columns of {@code rowGroup} into the parts of its rows: binary columns
     * here ({@link HeldRowGroup#binaryColumn}, each value then copied into an array of its own and
     * the pages' arrays given back), the others by Hardwood.
     */
    static RowGroupParts read(HeldRowGroup rowGroup, List<String> names) throws IOException {
        List<String> leaves = rowGroup.leaves();
        int rows = rowGroup.rows();
        byte[][][] values = new byte[leaves.size()][][];
        List<String> others = new ArrayList<>();
        List<byte[][]> into = new ArrayList<>();
        for (int c = 0; c < leaves.size(); c++) {
            if (rowGroup.decodesHere(leaves.get(c))) {
                values[c] = copies(rowGroup.binaryColumn(leaves.get(c)));
                rowGroup.pages().giveBack();
            } else {
                values[c] = new byte[rows][];
                others.add(leaves.get(c));
                into.add(values[c]);
            }
        }
        if (!others.isEmpty()) {
            try (ColumnReaders readers = rowGroup.readers(others)) {
                read(readers, others, into, rows);
            }
        }
        return new RowGroupParts(List.copyOf(names), values, weight(values));
    }

    private static byte[][] copies(ByteBuffer[] views) {
        byte[][] copies = new byte[views.length][];
        for (int i = 0; i < views.length; i++) {
            if (views[i] != null) {
                copies[i] = new byte[views[i].remaining()];
                views[i].get(views[i].position(), copies[i]);
            }
        }
        return copies;
    }

    /** Reads every batch of {@code readers} of {@code leaves} into their values, {@code into}. */
    private static void read(
            ColumnReaders readers, List<String> leaves, List<byte[][]> into, int rows)
            throws IOException {
        int at = 0;
        while (readers.nextBatch()) {
            int count = readers.getRecordCount();
            if (at + count > rows) {
                throw new IOException("the row group holds more rows than its footer's " + rows);
            }
            for (int c = 0; c < leaves.size(); c++) {
                column(readers.getColumnReader(leaves.get(c)), into.get(c), at, count);
            }
            at += count;
        }
        if (at != rows) {
            throw new IOException("the row group holds " + at + " rows, its footer says " + rows);
        }
    }

    private static void column(ColumnReader column, byte[][] into, int at, int count) {
        Validity valid = column.getLeafValidity();
        IntFunction<String> text = text(column);
        byte[][] binaries = text == null ? column.getBinaries() : null;
        for (int i = 0; i < count; i++) {
            if (valid.isNotNull(i)) {
                into[at + i] =
                        text == null
                                ? binaries[i]
                                : text.apply(i).getBytes(StandardCharsets.US_ASCII);
            }
        }
    }

    /** The decimal text of a number or boolean column's values, or null for binary values. */
    private static IntFunction<String> text(ColumnReader column) {
        return switch (column.getColumnSchema().type()) {
            case BOOLEAN -> {
                boolean[] v = column.getBooleans();
                yield i -> Boolean.toString(v[i]);
            }
            case INT32 -> {
                int[] v = column.getInts();
                yield i -> Integer.toString(v[i]);
            }
            case INT64 -> {
                long[] v = column.getLongs();
                yield i -> Long.toString(v[i]);
            }
            case FLOAT -> {
                float[] v = column.getFloats();
                yield i -> Float.toString(v[i]);
            }
            case DOUBLE -> {
                double[] v = column.getDoubles();
                yield i -> Double.toString(v[i]);
            }
            default -> null;
        };
    }

    private static long weight(byte[][][] values) {
        long bytes = 0;
        for (byte[][] column : values) {
            for (byte[] value : column) {
                bytes += value == null ? 0 : value.length;
            }
        }
        return bytes;
    }

    /** Row {@code row}'s sample under {@code key}: one part per non-null value. */
    Sample sample(String key, int row) {
        Map<String, byte[]> parts = new LinkedHashMap<>();
        for (int c = 0; c < names.size(); c++) {
            if (values[c][row] != null) {
                parts.put(names.get(c), values[c][row]);
            }
        }
        return new Sample(key, parts);
    }

    /** The length of row {@code row}'s values. */
    long rowBytes(int row) {
        long length = 0;
        for (byte[][] column : values) {
            length += column[row] == null ? 0 : column[row].length;
        }
        return length;
    }
}
