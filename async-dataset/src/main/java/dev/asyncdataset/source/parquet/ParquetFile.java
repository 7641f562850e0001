package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.hardwood.HardwoodContext;
import dev.hardwood.metadata.ColumnChunk;
import dev.hardwood.metadata.RowGroup;
import dev.hardwood.reader.ColumnReaders;
import dev.hardwood.reader.ParquetFileReader;
import dev.hardwood.reader.RowGroupPredicate;
import dev.hardwood.schema.ColumnProjection;
import dev.hardwood.schema.ColumnSchema;
import dev.hardwood.schema.FileSchema;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One Parquet file, its footer read once with ranged reads and kept: the byte range and row count
 * of each row group, the leaf columns a source reads and the span of each row group's column chunks
 * of those columns; its page indexes, read at once with the footer, are kept too. A row group is
 * read as those column chunks, never the whole file, in one read of their span: by random access
 * into an array of its own ({@link #read}), streamed into a buffer the stream reuses ({@link
 * #readHeld}). If the file was opened to be read page by page, random access reads one data page of
 * the first chosen column where its offset index allows ({@link #pages}, {@link #readPage}).
 */
final class ParquetFile implements AutoCloseable {

    /** Turns one row group's chosen columns, their chunks in memory, into what a source keeps. */
    @FunctionalInterface
    interface RowGroupReader<T> {
        T read(HeldRowGroup rowGroup) throws IOException;
    }

    /** The most bytes of page indexes a file keeps in memory: 16 MiB. */
    static final int MAX_HELD_INDEXES = 16 << 20;

    private final StoreInputFile input;
    private final ParquetFileReader reader;
    private final List<String> leaves;
    private final long[] starts;
    private final long[] rows;
    private final ChunkSpans spans;
    private final PageLocations[] pages;

    private ParquetFile(
            StoreInputFile input,
            ParquetFileReader reader,
            List<String> leaves,
            long[] starts,
            long[] rows,
            PageLocations[] pages) {
        this.input = input;
        this.reader = reader;
        this.leaves = leaves;
        this.starts = starts;
        this.rows = rows;
        this.spans = ChunkSpans.of(reader.getFileMetaData().rowGroups(), leaves);
        this.pages = pages;
    }

    /**
     * Reads the footer of file {@code file} of {@code store} and finds the leaf columns to read in
     * its schema with {@code columns}, which throws {@link IllegalArgumentException} if it cannot.
     * With {@code byPage}, the pages of the first chosen column are located ({@link #pages}).
     *
     * @throws BadItemException naming the file if it is not Parquet, is cut short, or lacks a
     *     column
     * @throws IOException naming the file if the store still fails once its retries are spent
     */
    static ParquetFile open(
            ShardStore store,
            int file,
            Function<FileSchema, List<String>> columns,
            HardwoodContext context,
            boolean byPage)
            throws IOException {
        String name = store.names().get(file);
        ParquetFileReader reader = null;
        try {
            StoreInputFile input = new StoreInputFile(store, file, name);
            reader = ParquetFileReader.open(input, context);
            List<String> leaves = leaves(name, reader, columns);
            List<RowGroup> groups = reader.getFileMetaData().rowGroups();
            long[] starts = new long[groups.size() + 1];
            long[] rows = new long[groups.size()];
            for (int g = 0; g < groups.size(); g++) {
                starts[g] = start(groups.get(g));
                rows[g] = groups.get(g).numRows();
            }
            starts[groups.size()] = store.length(file);
            long[] range = ChunkSpans.pageIndexes(groups);
            byte[] indexes = holdPageIndexes(store, file, input, range);
            PageLocations[] pages = new PageLocations[groups.size()];
            if (byPage && indexes != null) {
                locatePages(
                        groups, reader.getFileSchema(), leaves.get(0), range[0], indexes, pages);
            }
            return new ParquetFile(input, reader, leaves, starts, rows, pages);
        } catch (IOException | RuntimeException e) {
            closeQuietly(reader);
            if (StoredShards.isOutage(e)) {
                throw new IOException(name + ": " + e.getMessage(), e);
            }
            if (e instanceof BadItemException bad) {
                throw bad;
            }
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

    /**
     * Reads the page indexes of the file's column chunks, which lie in {@code range} ({@link
     * ChunkSpans#pageIndexes}, null if none), at once, if they are at most {@link
     * #MAX_HELD_INDEXES} bytes, and serves Hardwood's reads of them from memory from now on, so
     * that reading a row group takes no read of its page indexes; returns them, or null if not
     * held.
     */
    private static byte[] holdPageIndexes(
            ShardStore store, int file, StoreInputFile input, long[] range) throws IOException {
        if (range == null || range[1] - range[0] > MAX_HELD_INDEXES) {
            return null;
        }
        byte[] indexes = store.read(file, range[0], (int) (range[1] - range[0]));
        input.hold(range[0], ByteBuffer.wrap(indexes));
        return indexes;
    }

    /**
     * Sets {@code pages} to the page locations of leaf column {@code leaf}'s chunk in each row
     * group, where its pages can be read one by one ({@link PageLocations#of}) and decoded here
     * ({@link HeldRowGroup#decodesHere}); {@code indexes} are the page indexes held, the file's
     * bytes from {@code from}.
     */
    private static void locatePages(
            List<RowGroup> groups,
            FileSchema schema,
            String leaf,
            long from,
            byte[] indexes,
            PageLocations[] pages) {
        ColumnSchema column = schema.getColumn(leaf);
        for (int g = 0; g < groups.size(); g++) {
            for (ColumnChunk chunk : groups.get(g).columns()) {
                if (chunk.metaData().pathInSchema().matchesDottedName(leaf)
                        && HeldRowGroup.decodesHere(column, chunk.metaData())) {
                    pages[g] = PageLocations.of(chunk, groups.get(g).numRows(), indexes, from);
                }
            }
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

    /**
     * Fails, naming the dependency to add, if the pages of a column it reads are compressed with a
     * codec whose library is not on the class path.
     */
    void requireCodecs() {
        for (RowGroup group : reader.getFileMetaData().rowGroups()) {
            for (ColumnChunk chunk : group.columns()) {
                if (ChunkSpans.chosen(chunk, leaves)) {
                    PageCodec.requireLibrary(chunk.metaData().codec());
                }
            }
        }
    }

    /** The file's location, its query hidden. */
    String name() {
        return input.name();
    }

    /** The key-value metadata of the file's footer. */
    Map<String, String> keyValueMetadata() {
        Map<String, String> metadata = reader.getFileMetaData().keyValueMetadata();
        return metadata == null ? Map.of() : metadata;
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
     * Reads the chosen columns' chunks of row group {@code group} from the store, in one ranged
     * read of their span ({@link #spans}), and decodes them with {@code into}, on the calling
     * thread (and the virtual threads Hardwood starts for the columns it decodes: {@link
     * InlineDecoding}).
     */
    <T> T read(int group, RowGroupReader<T> into) throws IOException {
        byte[] span = input.read(spans.start(group), spans.length(group));
        return readHeld(group, span, span.length, PageBuffers.Lease.UNPOOLED, into);
    }

    /**
     * Reads page {@code page} of the first chosen column of row group {@code group} from the store,
     * in one ranged read into an array of {@code pool} given back once it is decoded, and decodes
     * it, with the row group's other chosen columns, with {@code into}, as {@link #read} does, its
     * pages decompressed into arrays of {@code pages}.
     */
    <T> T readPage(
            int group, int page, PageBuffers pool, PageBuffers.Lease pages, RowGroupReader<T> into)
            throws IOException {
        PageLocations located = this.pages[group];
        int size = located.sizes()[page];
        PageBuffers.Lease read = pool.lease();
        try {
            byte[] bytes = read.take(size);
            input.readInto(located.offsets()[page], size, bytes);
            return into.read(new HeldRowGroup(this, group, page, bytes, size, pages));
        } finally {
            read.giveBack();
        }
    }

    /**
     * Where the pages of the first chosen column lie in row group {@code group}, or null if random
     * access reads it whole.
     */
    PageLocations pages(int group) {
        return pages[group];
    }

    /**
     * Reads the chosen columns' chunks of row group {@code group} from the store into {@code into},
     * at once, and returns how many bytes they take: this file's, whatever its position among the
     * files that could be read.
     */
    int readChunks(int group, byte[] into) throws IOException {
        input.readInto(spans.start(group), spans.length(group), into);
        return spans.length(group);
    }

    /**
     * Hardwood's readers of leaf columns {@code columns} of row group {@code group}, in one batch
     * of all its rows (Hardwood's own batches, of at least 16,384 rows and megabytes of values,
     * would each be allocated for a few hundred rows). One fetch at a time builds them: Hardwood's
     * reader adds each build to a list of its own that is not safe for concurrent use, which {@link
     * #close} walks.
     */
    synchronized ColumnReaders readers(int group, List<String> columns) throws IOException {
        return reader.buildColumnReaders(ColumnProjection.columns(columns.toArray(String[]::new)))
                .filter(RowGroupPredicate.byteRange(starts[group], starts[group + 1]))
                .batchSize(Math.toIntExact(Math.max(1, rows[group])))
                .build();
    }

    /** The chosen leaf columns. */
    List<String> leaves() {
        return leaves;
    }

    /** The schema of leaf column {@code leaf}. */
    ColumnSchema column(String leaf) {
        return reader.getFileSchema().getColumn(leaf);
    }

    /**
     * Leaf column {@code leaf}'s chunk in row group {@code group}.
     *
     * @throws IOException if the row group has none
     */
    ColumnChunk chunk(int group, String leaf) throws IOException {
        for (ColumnChunk chunk : reader.getFileMetaData().rowGroups().get(group).columns()) {
            if (chunk.metaData().pathInSchema().matchesDottedName(leaf)) {
                return chunk;
            }
        }
        throw new IOException("row group " + group + " has no chunk of column " + leaf);
    }

    /** Where the chosen columns' chunks of row group {@code group} lie in the file. */
    ChunkSpans spans() {
        return spans;
    }

    /**
     * Reads the chosen columns of row group {@code group} as {@link #read} does, from the first
     * {@code length} bytes of {@code span}, which hold its span of column chunks ({@link #spans}),
     * not from the store, its pages decompressed into arrays of {@code pages}; Hardwood's reads of
     * them are served from there while {@code into} runs.
     */
    <T> T readHeld(
            int group, byte[] span, int length, PageBuffers.Lease pages, RowGroupReader<T> into)
            throws IOException {
        long offset = spans.start(group);
        input.hold(offset, ByteBuffer.wrap(span, 0, length).slice());
        try {
            return into.read(
                    new HeldRowGroup(this, group, HeldRowGroup.WHOLE, span, length, pages));
        } finally {
            input.drop(offset);
        }
    }

    @Override
    public synchronized void close() {
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
