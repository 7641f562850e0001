package dev.asyncdataset.source.jsonl;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ShardBuffers;
import dev.asyncdataset.internal.shard.ShardReads;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.source.SourceStats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The records of a set of JSON Lines files, each file a shard: indexed when the source opens by
 * reading each file whole once (the store's checksum checked, as for every whole read), and then
 * read whole per streamed epoch, or a record's line alone by random access (one positioned read or
 * ranged GET of an uncompressed file; a compressed file is read and decompressed whole, as its
 * lines have no offsets in the stored bytes). A file that cannot be decompressed is left out and
 * kept in {@link #damaged()}; a file the store still fails to serve once its retries are spent
 * fails the opening: an outage is not damage.
 */
final class JsonFiles implements AutoCloseable {

    private final ShardStore store;
    private final Compression[] compressions;
    private final LineIndex[] indexes;
    private final long[] firstRecord;
    private final List<BadItemException> damaged;
    private final ShardBuffers buffers;

    private JsonFiles(
            ShardStore store,
            Compression[] compressions,
            LineIndex[] indexes,
            List<BadItemException> damaged) {
        this.store = store;
        this.compressions = compressions;
        this.indexes = indexes;
        this.damaged = List.copyOf(damaged);
        this.firstRecord = new long[indexes.length + 1];
        int largest = 0;
        for (int file = 0; file < indexes.length; file++) {
            firstRecord[file + 1] = firstRecord[file] + indexes[file].size();
            largest = Math.max(largest, indexes[file].bytes());
        }
        this.buffers = new ShardBuffers(largest);
    }

    /** Indexes the files of {@code store}; closes it if that fails. */
    static JsonFiles open(ShardStore store) throws IOException {
        try {
            int files = store.names().size();
            Compression[] compressions = new Compression[files];
            LineIndex[] indexes = new LineIndex[files];
            List<BadItemException> damaged = new ArrayList<>();
            for (int file = 0; file < files; file++) {
                compressions[file] = Compression.of(store.names().get(file));
                try {
                    byte[] text = wholeText(store, file, compressions[file]);
                    indexes[file] = LineIndex.of(text, text.length);
                } catch (IOException e) {
                    if (StoredShards.isOutage(e)) {
                        throw e;
                    }
                    damaged.add(new BadItemException(store.names().get(file), problem(e), e));
                    indexes[file] = LineIndex.of(new byte[0], 0);
                }
            }
            return new JsonFiles(store, compressions, indexes, damaged);
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    private static String problem(IOException e) {
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return "cannot be read as JSON Lines: " + message;
    }

    private static byte[] wholeText(ShardStore store, int file, Compression compression)
            throws IOException {
        long length = store.length(file);
        if (length > Compression.MAX_BYTES) {
            throw new IOException("a file of " + length + " bytes, over 2 GiB: split it");
        }
        byte[] raw = new byte[(int) length];
        int read = store.readShard(file, raw);
        return compression.decompress(raw, read);
    }

    /** The file name and line number of record {@code index}. */
    String describe(long index) {
        int file = fileOf(index);
        return store.names().get(file) + " line " + indexes[file].lines()[record(file, index)];
    }

    long size() {
        return firstRecord[indexes.length];
    }

    long[] fileSizes() {
        long[] sizes = new long[indexes.length];
        Arrays.setAll(sizes, file -> indexes[file].size());
        return sizes;
    }

    int fileOf(long index) {
        int found = Arrays.binarySearch(firstRecord, index);
        int file = found >= 0 ? found : -found - 2;
        while (indexes[file].size() == 0 || firstRecord[file + 1] <= index) {
            file++;
        }
        return file;
    }

    private int record(int file, long index) {
        return (int) (index - firstRecord[file]);
    }

    List<BadItemException> damaged() {
        return damaged;
    }

    /** How a streamed epoch reads the files whole, decompressed, into the buffers kept here. */
    ShardReads reads() {
        return new ShardReads(
                "file",
                this::fileOf,
                indexes.length,
                this::readText,
                buffers,
                ShardReads.Mode.ONE_AHEAD);
    }

    private int readText(int file, byte[] into) throws IOException {
        if (compressions[file] == Compression.NONE) {
            return store.readShard(file, into);
        }
        byte[] raw = new byte[(int) Math.min(Compression.MAX_BYTES, store.length(file))];
        return compressions[file].decompress(raw, store.readShard(file, raw), into);
    }

    /** Reads the line of record {@code index} by itself. */
    byte[] fetch(long index) throws IOException {
        int file = fileOf(index);
        int record = record(file, index);
        int start = indexes[file].starts()[record];
        int end = indexes[file].ends()[record];
        if (compressions[file] == Compression.NONE) {
            return store.read(file, start, end - start);
        }
        byte[] text = wholeText(store, file, compressions[file]);
        return cut(index, text, text.length);
    }

    /**
     * Copies the line of record {@code index} out of the first {@code length} bytes of its file.
     */
    byte[] cut(long index, byte[] text, int length) throws BadItemException {
        int file = fileOf(index);
        int record = record(file, index);
        int end = indexes[file].ends()[record];
        if (end > length || length != indexes[file].bytes()) {
            throw new BadItemException(
                    describe(index),
                    "the file held " + indexes[file].bytes() + " bytes but now has " + length,
                    null);
        }
        return Arrays.copyOfRange(text, indexes[file].starts()[record], end);
    }

    /** The reads retried and the whole-file bodies that failed the store's checksum. */
    SourceStats stats() {
        return new SourceStats(
                store.retries(),
                store.cacheHits(),
                store.cacheMisses(),
                store.integrityFailures(),
                0,
                0);
    }

    @Override
    public void close() {
        store.close();
    }
}
