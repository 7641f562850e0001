package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.source.SourceStats;
import dev.hardwood.HardwoodContext;
import dev.hardwood.schema.FileSchema;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The rows of a source's Parquet files, item by item: the files whose footers could be read, the
 * ones left out, where each item is, and the row groups read lately, each kept as a {@code T}.
 *
 * @param <T> what a source keeps of a read row group
 */
final class ParquetTable<T> implements AutoCloseable {

    private final ShardStore store;
    private final HardwoodContext context;
    private final List<ParquetFile> files;
    private final List<BadItemException> damaged;
    private final RowGroupIndex index;
    private final RowGroupCache<T> cache;

    private ParquetTable(
            ShardStore store,
            HardwoodContext context,
            List<ParquetFile> files,
            List<BadItemException> damaged,
            ParquetFile.RowGroupReader<T> reader,
            ToLongFunction<T> weight,
            long cacheBytes) {
        this.store = store;
        this.context = context;
        this.files = List.copyOf(files);
        this.damaged = List.copyOf(damaged);
        this.index = new RowGroupIndex(this.files);
        this.cache =
                new RowGroupCache<>(
                        group -> file(group).read(index.groupInFile(group), reader),
                        weight,
                        cacheBytes);
    }

    /**
     * Reads the footer of every file of {@code store} and finds its leaf columns with {@code
     * columns}; a file that cannot be read or lacks a column is left out. Closes the store if that
     * fails.
     *
     * @throws IOException if the store fails, or no file can be read (the first file's error)
     */
    static <T> ParquetTable<T> open(
            ShardStore store,
            Function<FileSchema, List<String>> columns,
            ParquetFile.RowGroupReader<T> reader,
            ToLongFunction<T> weight,
            long cacheBytes)
            throws IOException {
        HardwoodContext context =
                HardwoodContext.create(Runtime.getRuntime().availableProcessors());
        List<ParquetFile> files = new ArrayList<>();
        List<BadItemException> damaged = new ArrayList<>();
        try {
            for (int f = 0; f < store.names().size(); f++) {
                try {
                    files.add(ParquetFile.open(store, f, columns, context));
                } catch (BadItemException e) {
                    damaged.add(e);
                }
            }
            if (files.isEmpty()) {
                throw damaged.get(0);
            }
        } catch (IOException | RuntimeException e) {
            files.forEach(ParquetFile::close);
            context.close();
            store.close();
            throw e;
        }
        return new ParquetTable<>(store, context, files, damaged, reader, weight, cacheBytes);
    }

    /** The number of items. */
    long size() {
        return index.size();
    }

    /**
     * The row group item {@code item} is in, read or found read.
     *
     * @throws BadItemException naming the item if the row group cannot be read
     */
    T rowGroup(long item) throws BadItemException, InterruptedException {
        try {
            return cache.get(index.group(item));
        } catch (BadItemException e) {
            throw new BadItemException(describe(item), e.getMessage(), e);
        } catch (IOException e) {
            throw new BadItemException(describe(item), "unreadable row group: " + e, e);
        }
    }

    /** The row group over all files that item {@code item} is in. */
    int group(long item) {
        return index.group(item);
    }

    /** Item {@code item}'s row in its row group. */
    int row(long item) {
        return index.rowInGroup(item, index.group(item));
    }

    /** Names the item's file, row group in the file and row in the file. */
    String describe(long item) {
        int group = index.group(item);
        return file(group).name()
                + " row group "
                + index.groupInFile(group)
                + " row "
                + index.rowInFile(item, group);
    }

    /** The number of row groups over all files. */
    int groups() {
        return index.groups();
    }

    /** Retries of the store's requests; cache hits and misses of row groups, one per item. */
    SourceStats stats() {
        return new SourceStats(store.retries(), cache.hits(), cache.misses(), 0, 0, 0);
    }

    /** The files left out: cut short, with a bad footer, or without a column. */
    List<BadItemException> damaged() {
        return damaged;
    }

    private ParquetFile file(int group) {
        return files.get(index.file(group));
    }

    @Override
    public void close() {
        files.forEach(ParquetFile::close);
        context.close();
        store.close();
    }
}
