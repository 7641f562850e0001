package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.PartedOutput;
import dev.asyncdataset.internal.io.Requests;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.io.UnfinishedWrites;
import dev.asyncdataset.internal.io.WholePuts;
import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.WritableStore;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * A {@link BoundedStore} over a store that writes, whose every write is retried under the store's
 * retrier after a failure that may pass, and counted there: starting an object and deleting one
 * must answer within the bound of a stat, writing a small object whole and dropping unfinished
 * writes within that of a listing (the request timeout). The parts and the completion of a {@link
 * PartedOutput} are retried one by one ({@link PartedOutput#setRetries}); their bytes are bounded
 * by the store itself.
 */
final class BoundedWritableStore extends BoundedStore
        implements WritableStore, WholePuts, UnfinishedWrites {

    private final WritableStore store;
    private final Retrier retrier;

    BoundedWritableStore(WritableStore store, StoreOptions options, Retrier retrier) {
        super(store, options);
        this.store = store;
        this.retrier = retrier;
    }

    @Override
    public ObjectOutput create(String url) throws IOException {
        String shown = Locations.shown(url);
        ObjectOutput output =
                retried(
                        shown,
                        () ->
                                BoundedCall.within(
                                        answer,
                                        "create " + shown,
                                        () -> store.create(url),
                                        BoundedWritableStore::drop));
        if (output instanceof PartedOutput parted) {
            parted.setRetries(
                    (what, request) ->
                            retried(
                                    shown + " (" + what + ")",
                                    () -> {
                                        request.send();
                                        return what;
                                    }));
        }
        return output;
    }

    @Override
    public void put(String url, byte[] bytes) throws IOException {
        String shown = Locations.shown(url);
        retried(
                shown,
                () ->
                        BoundedCall.within(
                                listing,
                                "put " + shown,
                                () -> {
                                    WholePuts.put(store, url, bytes);
                                    return url;
                                },
                                u -> {}));
    }

    @Override
    public void delete(String url) throws IOException {
        String shown = Locations.shown(url);
        retried(
                shown,
                () ->
                        BoundedCall.within(
                                answer,
                                "delete " + shown,
                                () -> {
                                    store.delete(url);
                                    return url;
                                },
                                u -> {}));
    }

    @Override
    public int dropUnfinished(String prefix, Predicate<String> ours) throws IOException {
        String shown = Locations.shown(prefix);
        return retried(
                shown,
                () ->
                        BoundedCall.within(
                                listing,
                                "drop unfinished writes under " + shown,
                                () -> UnfinishedWrites.drop(store, prefix, ours),
                                n -> {}));
    }

    /** Runs {@code request} about {@code shown} under the retrier. */
    private <T> T retried(String shown, Callable<T> request) throws IOException {
        return Requests.call(retrier, shown, request);
    }

    private static void drop(ObjectOutput output) {
        try {
            output.close();
        } catch (IOException e) {
            // an abandoned output was never committed: nothing of it is visible
        }
    }
}
