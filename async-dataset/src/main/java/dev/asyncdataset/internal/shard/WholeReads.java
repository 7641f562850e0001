package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.store.ObjectStore;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Whole objects of one {@link ObjectStore} read into the caller's arrays: from a remote store under
 * its retrier, resumed after a failure midway and checked against the store's checksum where it has
 * one ({@link ResumingRead}), each body under the read-idle and request timeouts ({@link
 * BodyReads}); from a local store once ({@link LocalReads}). A read still failing when the budget
 * is spent is a bad item naming the URL. Shards, their sidecars and loose objects are read by it.
 */
public final class WholeReads {

    private final ObjectStore store;
    private final Retrier retrier;
    private final BodyReads.Limits limits;
    private final LongAdder integrityFailures = new LongAdder();

    /**
     * Reads whole objects of {@code store}.
     *
     * @param store the store
     * @param retrier the retries of its requests (null for a local store)
     * @param readIdle how long a body may go without a byte
     * @param request how long one attempt may take in all
     */
    public WholeReads(ObjectStore store, Retrier retrier, Duration readIdle, Duration request) {
        this.store = store;
        this.retrier = retrier;
        this.limits = new BodyReads.Limits(readIdle, request);
    }

    /**
     * Reads the {@code length} bytes of the object at {@code url} into the start of {@code into},
     * then passes them to {@code check} (bytes failing it are read again, except from a local
     * store, whose bytes would be the same and are not checked).
     *
     * @param url the object's location
     * @param into the array, at least {@code length} long
     * @param length the object's length, as listed
     * @param check the check of the bytes
     * @return the bytes read: {@code length}, or fewer from a local file cut since it was listed
     * @throws IOException if the read fails, or still fails when the retry budget is spent (a
     *     {@code BadItemException} naming the URL)
     */
    public int read(String url, byte[] into, int length, ShardStore.BytesCheck check)
            throws IOException {
        if (store.isLocal()) {
            return LocalReads.whole(store, url, into, length);
        }
        StoredShards.call(
                store,
                url,
                retrier,
                new ResumingRead(store, url, into, length, limits, check, this::mismatch));
        return length;
    }

    private void mismatch(String what) {
        integrityFailures.increment();
        LoaderEvents.IntegrityFailure.emit(what);
    }

    /**
     * Returns the bodies that failed the store's checksum, each then read again.
     *
     * @return the count over all reads
     */
    public long integrityFailures() {
        return integrityFailures.sum();
    }
}
