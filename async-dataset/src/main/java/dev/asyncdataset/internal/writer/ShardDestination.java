package dev.asyncdataset.internal.writer;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.io.UnfinishedWrites;
import dev.asyncdataset.internal.io.WholePuts;
import dev.asyncdataset.internal.store.OpenedStore;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.store.WritableStore;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Where a {@code ShardWriter} puts its files: a folder or prefix of any {@link WritableStore}, as
 * the store table opens it. A shard is streamed into an {@link ObjectOutput}, visible under its
 * name only once committed (a rename, a completed multipart upload, a committed block list); small
 * files (indexes, the classes file) are written whole and atomically.
 */
public final class ShardDestination implements AutoCloseable {

    private final WritableStore store;
    private final String prefix;
    private final Retrier retrier;

    private ShardDestination(WritableStore store, String location, Retrier retrier) {
        this.store = store;
        this.prefix = location.endsWith("/") ? location : location + "/";
        this.retrier = retrier;
    }

    /**
     * Opens the store of {@code location} as the output, as the store table opens it for a writer
     * that uploads in parts of {@code partBytes} (where the store uploads in parts).
     *
     * @throws IllegalArgumentException if the store cannot write, naming the location and scheme
     */
    public static ShardDestination open(String location, StoreOptions options, int partBytes)
            throws IOException {
        OpenedStore opened =
                StoreTable.of(location).open(StoreAccess.forWriting(options, partBytes));
        if (opened.objects() instanceof WritableStore writable) {
            return new ShardDestination(writable, location, opened.retrier());
        }
        opened.objects().close();
        throw new IllegalArgumentException(
                "the "
                        + Stores.scheme(location)
                        + " store cannot write ("
                        + ObjectStore.class.getSimpleName()
                        + " without "
                        + WritableStore.class.getSimpleName()
                        + "), so no shards can be written to: "
                        + location);
    }

    /** Starts writing {@code name}; nothing is visible under that name until the commit. */
    public ObjectOutput create(String name) throws IOException {
        return store.create(locate(name));
    }

    /** Writes {@code bytes} as {@code name} at once, replacing what was there. */
    public void put(String name, byte[] bytes) throws IOException {
        WholePuts.put(store, locate(name), bytes);
    }

    /** The names of the files directly in the destination; none if a folder is missing. */
    public List<String> list() throws IOException {
        List<String> names = new ArrayList<>();
        try {
            for (StoredObject object : store.list(prefix)) {
                names.add(object.url().substring(object.url().lastIndexOf('/') + 1));
            }
        } catch (NoSuchFileException e) {
            return List.of();
        }
        return names;
    }

    /**
     * Drops what an earlier run, killed while writing, left unfinished under the names {@code ours}
     * accepts ({@link UnfinishedWrites}).
     *
     * @return how many were dropped
     */
    public int dropUnfinished(Predicate<String> ours) throws IOException {
        return UnfinishedWrites.drop(store, prefix, ours);
    }

    /** Deletes {@code name}. */
    public void delete(String name) throws IOException {
        store.delete(locate(name));
    }

    /** The full location of {@code name}: the output location, a {@code /}, and the name. */
    public String locate(String name) {
        return prefix + name;
    }

    /** How many requests were retried so far; 0 for local files. */
    public long retries() {
        return retrier == null ? 0 : retrier.retryCount();
    }

    /** Closes the store. */
    @Override
    public void close() {
        store.close();
    }
}
