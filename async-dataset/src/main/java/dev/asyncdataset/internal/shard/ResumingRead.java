package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.io.ConditionalReads;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.ObjectChanged;
import dev.asyncdataset.store.ChecksumMismatch;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoredBody;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/**
 * A whole object of an {@link ObjectStore} read into an array, one attempt per {@link #call} (run
 * under the store's retrier). The first attempt reads it all; a later one goes on from the first
 * byte not received with a ranged read while the store gives an identity and it is unchanged, else
 * starts over; a store that makes the range conditional on the identity says {@link ObjectChanged}
 * instead, and the next attempt starts over. A store that refuses the range (a server that ignores
 * {@code Range} answers {@code 200}, which the store rejects) is asked for the whole object
 * instead, and its bytes already received are skipped if its identity is unchanged; from a changed
 * object every byte is read again. The whole object is then checked against the store's own
 * checksum of it, if the first body gave one, and against the read's check; bytes that fail either
 * are read again from the start.
 */
final class ResumingRead implements Callable<byte[]> {

    private final ObjectStore store;
    private final String url;
    private final WholeReads.Into arrays;
    private byte[] into;
    private int length;
    private final BodyReads.Limits limits;
    private final ShardStore.BytesCheck check;
    private final Consumer<String> mismatches;
    private final BodyReads.Progress progress = new BodyReads.Progress();
    private String identity;
    private StoredBody.Checksum checksum;
    private boolean rangeRefused;

    /**
     * Reads the {@code length} bytes of the object at {@code url} into {@code into}, then passes
     * them to {@code check}, which sees the whole of {@code into}; tells {@code mismatches} of
     * every body that failed the store's checksum.
     */
    ResumingRead(
            ObjectStore store,
            String url,
            byte[] into,
            int length,
            BodyReads.Limits limits,
            ShardStore.BytesCheck check,
            Consumer<String> mismatches) {
        this(store, url, null, limits, check, mismatches);
        this.into = into;
        this.length = length;
    }

    /**
     * Reads the object at {@code url} into an array of {@code arrays}, taken once the first body of
     * a read from the start announces its length (or, if it does not, once the store gives its
     * size), and taken again if a changed object is longer; then passes the array to {@code check}.
     */
    ResumingRead(
            ObjectStore store,
            String url,
            WholeReads.Into arrays,
            BodyReads.Limits limits,
            ShardStore.BytesCheck check,
            Consumer<String> mismatches) {
        this.store = store;
        this.url = url;
        this.arrays = arrays;
        this.limits = limits;
        this.check = check;
        this.mismatches = mismatches;
    }

    /** The bytes read, once {@link #call} returned: a heap buffer over the array. */
    ByteBuffer body() {
        return ByteBuffer.wrap(into, 0, length);
    }

    /** The identity the store gave the bytes read, once {@link #call} returned, or null. */
    String identity() {
        return identity;
    }

    /** Gives back the array taken from the read's arrays, if any, once the read failed. */
    void giveBack() {
        if (arrays != null && into != null) {
            arrays.give(into);
            into = null;
        }
    }

    @Override
    public byte[] call() throws IOException {
        try {
            read();
            if (checksum != null) {
                checksum.verify(into, length);
            }
        } catch (ChecksumMismatch e) {
            identity = null;
            mismatches.accept(e.getMessage());
            throw e;
        } catch (ObjectChanged e) {
            identity = null;
            throw e;
        }
        try {
            check.verify(into);
        } catch (IntegrityException e) {
            identity = null;
            throw e;
        }
        return into;
    }

    private void read() throws IOException {
        if (identity == null) {
            progress.received = 0;
        }
        long started = System.nanoTime();
        int from = progress.received;
        StoredBody rest = from > 0 && !rangeRefused ? rest(from) : null;
        if (rest != null) {
            try (rest) {
                if (!Objects.equals(identity, rest.identity())) {
                    identity = null;
                    throw new IOException(
                            Locations.shown(url) + " changed while it was read; reading again");
                }
                BodyReads.fill(rest, into, progress, length, limits, started);
            }
            return;
        }
        try (StoredBody whole = store.open(url, 0, -1)) {
            if (!Objects.equals(identity, whole.identity())) {
                progress.received = 0;
            }
            if (arrays != null && progress.received == 0) {
                size(WholeReads.announced(store, url, whole));
            }
            identity = whole.identity();
            checksum = whole.checksum();
            BodyReads.fill(whole, progress.received, into, progress, length, limits, started);
        }
    }

    /** Makes {@link #into} hold {@code announced} bytes, taking a longer array if needed. */
    private void size(long announced) throws IOException {
        if (into == null || into.length < announced) {
            giveBack();
            into = arrays.take(announced);
        }
        length = (int) announced;
    }

    /** The bytes from {@code from} on, or null if the store refuses the range. */
    private StoredBody rest(int from) throws IOException {
        try {
            return ConditionalReads.open(store, url, from, length - from, identity);
        } catch (RequestRejected e) {
            rangeRefused = true;
            return null;
        }
    }
}
