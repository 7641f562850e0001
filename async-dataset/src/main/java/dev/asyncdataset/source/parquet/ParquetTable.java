package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ShardBuffers;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.internal.shard.ShardReads;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.source.SourceStats;
import dev.hardwood.HardwoodContext;
import dev.hardwood.schema.FileSchema;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * The rows of a source's Parquet files, item by item: the files whose footers could be read, the
 * ones left out, where each item is, and how random access reads (a row group, or a page of its
 * first chosen column and the row group's other chosen columns: {@link ReadUnits}, each decoded as
 * a {@code T}): in an epoch through {@link EpochPages}, whose kept items {@link KeptItems} bounds;
 * outside one through a cache of what it read lately. For streaming, the row groups are the shards:
 * each read whole ({@link #reads}: its chosen columns' chunks in one read) into a buffer this table
 * keeps, and decoded from there.
 *
 * @param <T> what a source keeps of a read row group
 */
final class ParquetTable<T> implements AutoCloseable {

    private final ShardStore store;
    private final HardwoodContext context;
    private final List<ParquetFile> files;
    private final List<BadItemException> damaged;
    private final RowGroupIndex index;
    private final ReadUnits units;
    private final ParquetFile.RowGroupReader<T> reader;
    private final RowGroupCache<Leased<T>> cache;
    private final KeptItems kept;
    private final ShardBuffers buffers;
    private final PageBuffers pages = new PageBuffers();
    private final PageBuffers copies = PageBuffers.forItems();

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
        this.units = new ReadUnits(index, this.files);
        this.reader = reader;
        this.cache =
                new RowGroupCache<>(
                        read -> weight.applyAsLong(read.rows()),
                        cacheBytes,
                        read -> read.pages().giveBack());
        this.kept = new KeptItems(cacheBytes);
        this.buffers =
                new ShardBuffers(
                        this.files.stream().mapToInt(f -> f.spans().longest()).max().orElse(0));
    }

    /**
     * Reads the footer of every file of {@code store} and finds its leaf columns with {@code
     * columns}; a file that cannot be read or lacks a column is left out. Closes the store if that
     * fails. With {@code byPage}, random access reads a page of the first chosen column where the
     * files' offset indexes allow ({@link ParquetFile#pages}).
     *
     * @throws IOException if the store fails, or no file can be read (the first file's error)
     * @throws IllegalStateException if the codec of a column's pages is not on the class path
     */
    static <T> ParquetTable<T> open(
            ShardStore store,
            Function<FileSchema, List<String>> columns,
            ParquetFile.RowGroupReader<T> reader,
            ToLongFunction<T> weight,
            long cacheBytes,
            boolean byPage)
            throws IOException {
        HardwoodContext context = null;
        List<ParquetFile> files = new ArrayList<>();
        List<BadItemException> damaged = new ArrayList<>();
        try {
            context = InlineDecoding.context();
            for (int f = 0; f < store.names().size(); f++) {
                try {
                    ParquetFile file = ParquetFile.open(store, f, columns, context, byPage);
                    files.add(file);
                    file.requireCodecs();
                } catch (BadItemException e) {
                    damaged.add(e);
                }
            }
            if (files.isEmpty()) {
                throw damaged.get(0);
            }
        } catch (IOException | RuntimeException e) {
            files.forEach(ParquetFile::close);
            if (context != null) {
                context.close();
            }
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
     * What random access read: {@code rows}, whose page arrays, of {@code pages}, are given back
     * once nothing reads it (the cache dropped it and no fetch holds it, or an epoch copied its
     * items out).
     */
    record Leased<T>(T rows, PageBuffers.Lease pages) {}

    /**
     * Item {@code item}'s value outside an epoch, taken by {@code value} from its row group, read
     * or found read in the cache: whole, or the page of the first chosen column holding the item's
     * row with the row group's other chosen columns. The row group's page arrays are reused once
     * the cache drops it, so a value must not be a view of them: it is read while {@code value}
     * runs, not after.
     *
     * @throws BadItemException naming the item if the row group cannot be read, or {@code value}'s
     */
    <V> V rowGroup(long item, StreamedCut.RowValue<T, V> value)
            throws BadItemException, InterruptedException {
        try (RowGroupCache<Leased<T>>.Held held = hold(item)) {
            return value.of(item, held.rows().rows());
        }
    }

    private RowGroupCache<Leased<T>>.Held hold(long item)
            throws BadItemException, InterruptedException {
        try {
            return cache.hold(unit(item), this::readUnit);
        } catch (IOException e) {
            throw failure(item, e);
        }
    }

    /**
     * The reads of one random-access epoch ({@link EpochPages}), each item's value taken by {@code
     * value} from its page or row group, which weighs {@code weight} in what the epochs keep.
     */
    <V> EpochPages<T, V> epoch(EpochPages.CopiedValue<T, V> value, EpochPages.RowWeight<T> weight) {
        return new EpochPages<>(this, value, weight);
    }

    /** The arrays the random-access epochs copy their items' values into. */
    PageBuffers copies() {
        return copies;
    }

    /** What the random-access epochs keep, and their hits and misses. */
    KeptItems kept() {
        return kept;
    }

    /** The unit random access reads for item {@code item}. */
    int unit(long item) {
        int group = index.group(item);
        return units.unit(group, index.rowInGroup(item, group));
    }

    /** The first item unit {@code unit} holds. */
    long firstItem(int unit) {
        return units.firstItem(unit);
    }

    /** How many items, from {@link #firstItem}, unit {@code unit} holds. */
    int items(int unit) {
        return units.items(unit);
    }

    /** Reads a unit: a row group whole, its arrays its own; or a page, into arrays of the pool. */
    Leased<T> readUnit(int unit) throws IOException {
        int group = units.group(unit);
        int page = units.page(unit);
        ParquetFile file = file(group);
        if (page == HeldRowGroup.WHOLE) {
            return new Leased<>(
                    file.read(index.groupInFile(group), reader), PageBuffers.Lease.UNPOOLED);
        }
        PageBuffers.Lease leased = pages.lease();
        try {
            return new Leased<>(
                    file.readPage(index.groupInFile(group), page, pages, leased, reader), leased);
        } catch (IOException | RuntimeException e) {
            leased.giveBack();
            throw e;
        }
    }

    /**
     * One streamed epoch: the row groups read whole into the buffers kept here, each decoded as its
     * load ends into arrays of this table's {@link PageBuffers} (its buffer then free for the next
     * load), kept while the epoch's rows of it are in flight, and each item's value taken from it
     * by {@code value}. The epoch's row groups are made by its cut, which starts before the first
     * load.
     */
    <V> ShardEpoch<V> streamedEpoch(StreamedCut.RowValue<T, V> value) {
        AtomicReference<StreamedRowGroups<T>> decoded = new AtomicReference<>();
        ShardReads reads =
                new ShardReads(
                        "row group",
                        index::group,
                        groups(),
                        (group, into) -> readDecoded(decoded.get(), group, into),
                        buffers,
                        ShardReads.Mode.DECODED_ON_LOAD);
        return new ShardEpoch<>(
                reads,
                rows -> {
                    decoded.set(new StreamedRowGroups<>(pages, rows));
                    return new StreamedCut<>(this, value, decoded.get());
                });
    }

    /**
     * Reads row group {@code group}'s chunks of the chosen columns into {@code into} and decodes
     * them into {@code decoded}; returns how many bytes they took.
     */
    private int readDecoded(StreamedRowGroups<T> decoded, int group, byte[] into)
            throws IOException {
        int length = file(group).readChunks(index.groupInFile(group), into);
        try {
            decoded.load(
                    group,
                    (g, leased) ->
                            file(g).readHeld(index.groupInFile(g), into, length, leased, reader));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("row group " + group + "'s decoding was interrupted");
        }
        return length;
    }

    /**
     * The row group item {@code item} is in, decoded into {@code decoded} as it loaded.
     *
     * @throws BadItemException naming the item if the row group cannot be decoded
     */
    T heldRowGroup(long item, StreamedRowGroups<T> decoded)
            throws BadItemException, InterruptedException {
        try {
            return decoded.get(index.group(item));
        } catch (IOException e) {
            throw failure(item, e);
        }
    }

    /** The failure of item {@code item} whose row group could not be read or decoded. */
    BadItemException failure(long item, IOException e) {
        if (e instanceof BadItemException bad) {
            return new BadItemException(describe(item), bad.getMessage(), bad);
        }
        return new BadItemException(describe(item), "unreadable row group: " + e, e);
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

    /** The rows of each row group over all files: the shard sizes of streaming. */
    long[] shardSizes() {
        long[] sizes = new long[groups()];
        for (int group = 0; group < sizes.length; group++) {
            sizes[group] = file(group).rows(index.groupInFile(group));
        }
        return sizes;
    }

    /**
     * Retries of the store's requests; cache hits and misses of what random access reads (row
     * groups or pages), one per item, in epochs and outside.
     */
    SourceStats stats() {
        return new SourceStats(
                store.retries(),
                cache.hits() + kept.hits(),
                cache.misses() + kept.misses(),
                0,
                0,
                0);
    }

    /**
     * The class names of column {@code label} in the files' Hugging Face metadata, or an empty list
     * ({@link HubClassLabels}).
     */
    List<String> hubClassNames(String label) {
        Map<String, Map<String, String>> metadata = new LinkedHashMap<>();
        files.forEach(f -> metadata.put(f.name(), f.keyValueMetadata()));
        return HubClassLabels.of(label, metadata);
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
