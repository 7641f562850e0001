package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToLongFunction;

/**
 * The decoded row groups that items were fetched from lately, so that the items of one row group in
 * a batch read its column chunks once: the fetch that first asks for a row group reads it, the
 * others wait for that read. Row groups are kept up to a total of image bytes, the least recently
 * used dropped first; a row group that could not be read is kept as that failure, so its other rows
 * fail at once, except when the read was interrupted.
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
    }

    private final ToLongFunction<T> weight;
    private final long maxBytes;
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
        this.weight = weight;
        this.maxBytes = maxBytes;
    }

    /**
     * Returns row group {@code group}, reading it with {@code reader} if no other fetch has or is.
     *
     * @throws IOException the row group's read failure
     * @throws InterruptedException if interrupted while waiting for another fetch's read
     */
    T get(int group, Reader<T> reader) throws IOException, InterruptedException {
        Entry<T> entry;
        boolean mine;
        synchronized (this) {
            entry = entries.get(group);
            mine = entry == null;
            if (mine) {
                entry = new Entry<>();
                entries.put(group, entry);
            }
        }
        if (mine) {
            misses.increment();
            load(group, entry, reader);
        } else {
            hits.increment();
        }
        try {
            return entry.rows.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
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
            if (e instanceof InterruptedIOException || Thread.currentThread().isInterrupted()) {
                synchronized (this) {
                    entries.remove(group, entry);
                }
            }
            entry.rows.completeExceptionally(e);
        }
    }

    /** Counts a read row group and drops the least recently used others over the bound. */
    private synchronized void admit(Entry<T> entry, long weight) {
        entry.bytes = weight;
        bytes += weight;
        Iterator<Map.Entry<Integer, Entry<T>>> oldest = entries.entrySet().iterator();
        while (bytes > maxBytes && oldest.hasNext()) {
            Entry<T> old = oldest.next().getValue();
            if (old != entry && old.rows.isDone()) {
                bytes -= old.bytes;
                oldest.remove();
            }
        }
    }
}
