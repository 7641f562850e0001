package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.store.StoreKind;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.store.Stores;
import java.io.IOException;

/**
 * What one kind of store does for the shard writer, as {@link #of} looks it up by a location's kind
 * of store: where the store can, list the writer's input and check its output early (the output
 * itself is any store that writes, opened by the writer). A store that cannot do something says so
 * naming the location.
 */
interface Store {

    /** The store of {@code location}: local files and S3 can be listed and written, others not. */
    static Store of(String location) {
        StoreKind kind = StoreTable.of(location);
        if (kind == StoreKind.FILES) {
            return FolderStore.INSTANCE;
        }
        return kind == StoreKind.S3 ? S3Store.INSTANCE : new Store() {};
    }

    /** Checks {@code location} as a writer input ({@code what}: images or samples) and keeps it. */
    default String checkInput(String location, String what) {
        throw cannot("read " + what + " for the shard writer from", location);
    }

    /** Checks {@code location} as the writer's output; by default, when the writer opens it. */
    default void checkOutput(String location) {}

    /** Lists the labeled images at {@code location} for the writer. */
    default ShardInput images(String location, S3Options options) throws IOException {
        throw cannot("read images for the shard writer from", location);
    }

    /** Lists the loose samples at {@code location} for the writer. */
    default ShardInput samples(String location, S3Options options) throws IOException {
        throw cannot("read samples for the shard writer from", location);
    }

    private static IllegalArgumentException cannot(String what, String location) {
        return new IllegalArgumentException(
                "the " + Stores.scheme(location) + " store cannot " + what + ": " + location);
    }
}
