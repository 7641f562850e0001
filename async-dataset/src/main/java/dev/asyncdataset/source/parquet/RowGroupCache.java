package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;

/**
 * The decoded row groups (or pages of one, {@link ReadUnits}: any unit numbered by an int) that
 * items were fetched from lately, so that the items of one row group in a batch read its column
 * chunks once: the fetch that first asks for a row group reads it, the others wait for that read.
 * Row groups are kept up to a total of image bytes, the least recently used dropped first. A read
 * that fails is not kept: the fetches waiting for it fail with it, and the next fetch of the row
 * group reads it anew (a store may have recovered); except when the read was interrupted: that read
 * is abandoned, its fetch fails, and the fetches waiting for it read the row group anew (the
 * fetches of the next epoch may be waiting for a read of one that was stopped). A row group dropped
 * is handed to the cache's {@code dropped} once no fetch holds it ({@link #hold}).
 */
final class RowGroupCache<T> {

    /** Reads one row group. */
    @FunctionalInterface
    interface Reader<T> {
        T read(int group) throws IOException;
    }

    /** A row group being read or read. */
    private static final class Entry<T> {
        final CompletableFuture<T> rows = new CompletableFuture<>();
        long bytes;
        int holders;
        boolean dropped;
    }

    /** A row group a fetch holds: not handed to {@code dropped} before it is closed. */
    final class Held implements AutoCloseable {
        private final Entry<T> entry;

        private Held(Entry<T> entry) {
            this.entry = entry;
        }

        /** The row group. */
        T rows() {
            return entry.rows.resultNow();
        }

        /** Lets the row group go: handed to {@code dropped} if it was dropped meanwhile. */
        @Override
        public void close() {
            release(entry);
        }
    }

    /** The failure of a read whose thread was interrupted: not the row group's own. */
    static final class Abandoned extends IOException {
        private static final long serialVersionUID = 1L;

        Abandoned(Exception cause) {
            super(cause);
        }
    }

    private final ToLongFunction<T> weight;
    private final long maxBytes;
    private final Consumer<T> dropped;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    @GuardedBy("this")
    private final LinkedHashMap<Integer, Entry<T>> entries = new LinkedHashMap<>(16, 0.75f, true);

    @GuardedBy("this")
    private long bytes;

    /**
     * @param weight what a read row group weighs against {@code maxBytes}
     */
    RowGroupCache(ToLongFunction<T> weight, long maxBytes) {
        this(weight, maxBytes, rows -> {});
    }

    /**
     * @param weight what a read row group weighs against {@code maxBytes}
     * @param dropped takes each row group dropped (over the bound or removed) once no fetch holds
     *     it: nothing reads it any more
     */
    RowGroupCache(ToLongFunction<T> weight, long maxBytes, Consumer<T> dropped) {
        this.weight = weight;
        this.maxBytes = maxBytes;
        this.dropped = dropped;
    }

    /**
     * Returns row group {@code group}, reading it with {@code reader} if no other fetch has or is;
     * a read by another fetch that was interrupted is done again, here or by another waiting fetch.
     *
     * @throws IOException the row group's read failure
     * @throws InterruptedException if interrupted while waiting for another fetch's read
     */
    T get(int group, Reader<T> reader) throws IOException, InterruptedException {
        try (Held held = hold(group, reader)) {
            return held.rows();
        }
    }

    /**
     * Returns row group {@code group} as {@link #get} does, held: not handed to {@code dropped}
     * until the caller closes what this returns.
     *
     * @throws IOException the row group's read failure
     * @throws InterruptedException if interrupted while waiting for another fetch's read
     */
    Held hold(int group, Reader<T> reader) throws IOException, InterruptedException {
        for (boolean first = true; ; first = false) {
            Entry<T> mine = new Entry<>();
            Entry<T> found;
            synchronized (this) {
                found = entries.putIfAbsent(group, mine);
                (found == null ? mine : found).holders++;
            }
            if (first) {
                (found == null ? misses : hits).increment();
            }
            if (found == null) {
                load(group, mine, reader);
            }
            Entry<T> entry = found == null ? mine : found;
            try {
                entry.rows.get();
                return new Held(entry);
            } catch (ExecutionException e) {
                release(entry);
                if (found == null || !(e.getCause() instanceof Abandoned)) {
                    throw failure(e.getCause());
                }
            } catch (InterruptedException e) {
                release(entry);
                throw e;
            }
        }
    }

    /** The failure a fetch throws for a read's {@code cause}: an abandoned read's own cause. */
    static IOException failure(Throwable cause) {
        Throwable own = cause instanceof Abandoned ? cause.getCause() : cause;
        return own instanceof IOException io ? io : new IOException(own);
    }

    /** Drops row group {@code group}, once read: the next fetch of it reads it anew. */
    void remove(int group) {
        Entry<T> entry;
        synchronized (this) {
            entry = entries.remove(group);
            if (entry == null || !drop(entry)) {
                return;
            }
        }
        dropped.accept(entry.rows.resultNow());
    }

    /** Items whose row group had been read, or was being read, by another fetch. */
    long hits() {
        return hits.sum();
    }

    /** Items whose fetch read their row group. */
    long misses() {
        return misses.sum();
    }

    private void load(int group, Entry<T> entry, Reader<T> reader) {
        try {
            T rows = reader.read(group);
            admit(entry, weight.applyAsLong(rows));
            entry.rows.complete(rows);
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                entries.remove(group, entry);
            }
            entry.rows.completeExceptionally(abandonedOr(e));
        }
    }

    /** A read's failure {@code e}, as {@link Abandoned} if the read was interrupted. */
    static Exception abandonedOr(Exception e) {
        boolean abandoned =
                e instanceof InterruptedIOException || Thread.currentThread().isInterrupted();
        return abandoned ? new Abandoned(e) : e;
    }

    /** Counts a read row group and drops the least recently used others over the bound. */
    private void admit(Entry<T> entry, long weight) {
        List<T> gone = new ArrayList<>();
        synchronized (this) {
            entry.bytes = weight;
            bytes += weight;
            Iterator<Map.Entry<Integer, Entry<T>>> oldest = entries.entrySet().iterator();
            while (bytes > maxBytes && oldest.hasNext()) {
                Entry<T> old = oldest.next().getValue();
                if (old != entry && old.rows.isDone()) {
                    oldest.remove();
                    if (drop(old)) {
                        gone.add(old.rows.resultNow());
                    }
                }
            }
        }
        gone.forEach(dropped);
    }

    /**
     * Counts {@code entry}, read and just left out of the map, as dropped; returns whether no fetch
     * holds it, so that the caller hands it to {@code dropped} now.
     */
    @GuardedBy("this")
    private boolean drop(Entry<T> entry) {
        bytes -= entry.bytes;
        entry.dropped = true;
        return entry.holders == 0 && entry.rows.state() == Future.State.SUCCESS;
    }

    /** A fetch lets {@code entry} go; the last one hands it to {@code dropped} if dropped. */
    private void release(Entry<T> entry) {
        synchronized (this) {
            if (--entry.holders > 0
                    || !entry.dropped
                    || entry.rows.state() != Future.State.SUCCESS) {
                return;
            }
        }
        dropped.accept(entry.rows.resultNow());
    }
}
