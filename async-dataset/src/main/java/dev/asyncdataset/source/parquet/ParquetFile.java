package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.hardwood.HardwoodContext;
import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.RowGroup;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.RowGroupPredicate;
import dev.hardwood.schema.ColumnProjection;
import dev.hardwood.schema.FileSchema;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;

/**
 * One Parquet file, its footer read once with ranged reads and kept: the byte range and row count
 * of each row group, and the leaf columns a source reads. A row group is read as the column chunks
 * of those columns, never the whole file.
 */
final class ParquetFile implements AutoCloseable {

    /** Turns the column readers of one row group's chosen columns into what a source keeps. */
    @FunctionalInterface
    interface RowGroupReader<T> {
        T read(ColumnReaders readers, List<String> leaves, int rows) throws IOException;
    }

    private final String name;
    private final ParquetFileReader reader;
    private final List<String> leaves;
    private final long[] starts;
    private final long[] rows;

    private ParquetFile(
            String name,
            ParquetFileReader reader,
            List<String> leaves,
            long[] starts,
            long[] rows) {
        this.name = name;
        this.reader = reader;
        this.leaves = leaves;
        this.starts = starts;
        this.rows = rows;
    }

    /**
     * Reads the footer of file {@code file} of {@code store} and finds the leaf columns to read in
     * its schema with {@code columns}, which throws {@link IllegalArgumentException} if it cannot.
     *
     * @throws BadItemException naming the file if it is not Parquet, is cut short, or lacks a
     *     column
     */
    static ParquetFile open(
            ShardStore store,
            int file,
            Function<FileSchema, List<String>> columns,
            HardwoodContext context)
            throws BadItemException {
        String name = store.names().get(file);
        ParquetFileReader reader = null;
        try {
            reader = ParquetFileReader.open(new StoreInputFile(store, file, name), context);
            List<String> leaves = leaves(name, reader, columns);
            List<RowGroup> groups = reader.getFileMetaData().rowGroups();
            long[] starts = new long[groups.size() + 1];
            long[] rows = new long[groups.size()];
            for (int g = 0; g < groups.size(); g++) {
                starts[g] = start(groups.get(g));
                rows[g] = groups.get(g).numRows();
            }
            starts[groups.size()] = store.length(file);
            return new ParquetFile(name, reader, leaves, starts, rows);
        } catch (BadItemException e) {
            closeQuietly(reader);
            throw e;
        } catch (IOException | RuntimeException e) {
            closeQuietly(reader);
            throw new BadItemException(name, "not a readable Parquet file: " + e.getMessage(), e);
        }
    }

    /** The leaf columns {@code columns} finds in the file's schema; naming the file if none. */
    private static List<String> leaves(
            String name, ParquetFileReader reader, Function<FileSchema, List<String>> columns)
            throws BadItemException {
        try {
            return List.copyOf(columns.apply(reader.getFileSchema()));
        } catch (IllegalArgumentException e) {
            throw new BadItemException(name, e.getMessage(), e);
        }
    }

    /** Where a row group's first column chunk starts. */
    private static long start(RowGroup group) {
        long start = Long.MAX_VALUE;
        for (ColumnChunk chunk : group.columns()) {
            start = Math.min(start, chunk.chunkStartOffset());
        }
        return start;
    }

    /** The file's location, its query hidden. */
    String name() {
        return name;
    }

    /** How many row groups the file holds. */
    int rowGroups() {
        return rows.length;
    }

    /** How many rows row group {@code group} holds. */
    long rows(int group) {
        return rows[group];
    }

    /**
     * Reads the chosen columns of row group {@code group}: the column chunks' pages are read and
     * decoded here, by the calling thread and Hardwood's decoding threads.
     */
    <T> T read(int group, RowGroupReader<T> into) throws IOException {
        ColumnProjection columns = ColumnProjection.columns(leaves.toArray(String[]::new));
        try (ColumnReaders readers =
                reader.buildColumnReaders(columns)
                        .filter(RowGroupPredicate.byteRange(starts[group], starts[group + 1]))
                        .build()) {
            return into.read(readers, leaves, Math.toIntExact(rows[group]));
        }
    }

    @Override
    public void close() {
        closeQuietly(reader);
    }

    private static void closeQuietly(ParquetFileReader reader) {
        if (reader != null) {
            try {
                reader.close();
            } catch (IOException e) {
                // nothing was written: a reader over ranged reads holds nothing to flush
            }
        }
    }
}
