package dev.asyncdataset.source.parquet;

import dev.asyncdataset.internal.shard.ShardStore;
import dev.hardwood.InputFile;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * One file of a {@link ShardStore} as Hardwood's {@link InputFile}: every read Hardwood asks for
 * (the footer, a column chunk) is one ranged read of the store, with the store's retries and
 * timeouts. The store is closed by the source, not here.
 */
final class StoreInputFile implements InputFile {

    private final ShardStore store;
    private final int file;
    private final String name;

    StoreInputFile(ShardStore store, int file, String name) {
        this.store = store;
        this.file = file;
        this.name = name;
    }

    @Override
    public void open() {}

    @Override
    public ByteBuffer readRange(long offset, int length) throws IOException {
        return ByteBuffer.wrap(store.read(file, offset, length));
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
