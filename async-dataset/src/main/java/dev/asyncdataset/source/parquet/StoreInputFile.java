package dev.asyncdataset.source.parquet;

import dev.asyncdataset.internal.shard.ShardStore;
import dev.hardwood.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One file of a {@link ShardStore} as Hardwood's {@link InputFile}: every read Hardwood asks for
 * (the footer, a column chunk) is one ranged read of the store, with the store's retries and
 * timeouts, except a read inside a span of the file held in memory ({@link #hold}: a streamed row
 * group's column chunks), which is served from there. The store is closed by the source, not here.
 */
final class StoreInputFile implements InputFile {

    private final ShardStore store;
    private final int file;
    private final String name;
    private final Map<Long, ByteBuffer> held = new ConcurrentHashMap<>();

    StoreInputFile(ShardStore store, int file, String name) {
        this.store = store;
        this.file = file;
        this.name = name;
    }

    /** Serves reads inside {@code bytes}, the file's bytes from {@code offset}, from memory. */
    void hold(long offset, ByteBuffer bytes) {
        held.put(offset, bytes);
    }

    /** Stops serving reads from the span held at {@code offset}. */
    void drop(long offset) {
        held.remove(offset);
    }

    /** Reads the {@code length} bytes at {@code offset} of the file from the store. */
    byte[] read(long offset, int length) throws IOException {
        return store.read(file, offset, length);
    }

    /** Reads the {@code length} bytes at {@code offset} of the file into {@code into}. */
    void readInto(long offset, int length, byte[] into) throws IOException {
        store.readInto(file, offset, length, into);
    }

    @Override
    public void open() {}

    @Override
    public ByteBuffer readRange(long offset, int length) throws IOException {
        for (Map.Entry<Long, ByteBuffer> span : held.entrySet()) {
            long from = offset - span.getKey();
            if (from >= 0 && from + length <= span.getValue().limit()) {
                return span.getValue().slice((int) from, length);
            }
        }
        return ByteBuffer.wrap(read(offset, length));
    }

    @Override
    public long length() throws IOException {
        return store.length(file);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void close() {}
}
