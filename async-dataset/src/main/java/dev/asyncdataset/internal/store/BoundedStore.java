package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.ConditionalReads;
import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.WritableStore;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * A store whose every list, stat and open the library bounds itself, whatever the store does: a
 * stat or an open must answer within twice the connect and first-byte timeouts together (a backstop
 * behind the store's own timeouts, which fire first where it has them), a listing within the
 * request timeout ({@link BoundedCall}); a call that does not is a timeout, retried within the
 * budget. The bodies it opens are bounded by the shard reader's read-idle and request timeouts.
 */
class BoundedStore implements ObjectStore, ConditionalReads, LocalStore {

    private final ObjectStore store;

    /** The bound of a call answered at once: a stat, an open. */
    final Duration answer;

    /** The bound of a call that may take several requests: a listing. */
    final Duration listing;

    BoundedStore(ObjectStore store, StoreOptions options) {
        this.store = store;
        this.answer = options.connectTimeout().plus(options.firstByteTimeout()).multipliedBy(2);
        this.listing = options.requestTimeout();
    }

    @Override
    public List<StoredObject> list(String prefix) throws IOException {
        return BoundedCall.within(
                listing, "list " + Locations.shown(prefix), () -> store.list(prefix), l -> {});
    }

    @Override
    public List<StoredObject> listAll(String prefix) throws IOException {
        return BoundedCall.within(
                listing, "list " + Locations.shown(prefix), () -> store.listAll(prefix), l -> {});
    }

    @Override
    public StoredObject stat(String url) throws IOException {
        return BoundedCall.within(
                answer, "stat " + Locations.shown(url), () -> store.stat(url), o -> {});
    }

    @Override
    public StoredBody open(String url, long offset, long length) throws IOException {
        return BoundedCall.within(
                answer,
                "open " + Locations.shown(url),
                () -> store.open(url, offset, length),
                BoundedStore::close);
    }

    @Override
    public StoredBody openIfMatch(String url, long offset, long length, String identity)
            throws IOException {
        return BoundedCall.within(
                answer,
                "open " + Locations.shown(url),
                () -> ConditionalReads.open(store, url, offset, length, identity),
                BoundedStore::close);
    }

    @Override
    public boolean isLocal() {
        return LocalStore.is(store);
    }

    @Override
    public void close() {
        store.close();
    }

    /**
     * {@code store} bounded, writable as well if it is a {@link WritableStore}, whose writes are
     * then retried under {@code retrier}.
     */
    static BoundedStore of(ObjectStore store, StoreOptions options, Retrier retrier) {
        return store instanceof WritableStore writable
                ? new BoundedWritableStore(writable, options, retrier)
                : new BoundedStore(store, options);
    }

    private static void close(StoredBody body) {
        try {
            body.close();
        } catch (IOException e) {
            // nobody reads the body of an abandoned open
        }
    }
}
