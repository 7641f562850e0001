package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.WritableStore;
import java.io.IOException;
import java.util.function.Predicate;

/**
 * A {@link BoundedStore} over a store that writes: starting an object and deleting one must answer
 * within the bound of a stat, writing a small object whole and dropping unfinished writes within
 * that of a listing (the request timeout). The bytes of a streamed object, and its commit, are
 * bounded by the store itself.
 */
final class BoundedWritableStore extends BoundedStore implements WritableStore {

    private final WritableStore store;

    BoundedWritableStore(WritableStore store, StoreOptions options) {
        super(store, options);
        this.store = store;
    }

    @Override
    public ObjectOutput create(String url) throws IOException {
        return BoundedCall.within(
                answer,
                "create " + Locations.shown(url),
                () -> store.create(url),
                BoundedWritableStore::drop);
    }

    @Override
    public void put(String url, byte[] bytes) throws IOException {
        BoundedCall.within(
                listing,
                "put " + Locations.shown(url),
                () -> {
                    store.put(url, bytes);
                    return url;
                },
                u -> {});
    }

    @Override
    public void delete(String url) throws IOException {
        BoundedCall.within(
                answer,
                "delete " + Locations.shown(url),
                () -> {
                    store.delete(url);
                    return url;
                },
                u -> {});
    }

    @Override
    public int dropUnfinished(String prefix, Predicate<String> ours) throws IOException {
        return BoundedCall.within(
                listing,
                "drop unfinished writes under " + Locations.shown(prefix),
                () -> store.dropUnfinished(prefix, ours),
                n -> {});
    }

    private static void drop(ObjectOutput output) {
        try {
            output.close();
        } catch (IOException e) {
            // an abandoned output was never committed: nothing of it is visible
        }
    }
}
