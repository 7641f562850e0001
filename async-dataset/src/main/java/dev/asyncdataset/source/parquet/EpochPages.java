package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.asyncdataset.decode.BadItemException;
import java.io.IOException;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * How one random-access epoch reads a source's items: it records each item as fetched when its
 * fetch starts; a fetch whose item is kept ({@link KeptItems}) takes it out; else it reads the
 * item's page (or row group, {@link ReadUnits}), once however many fetches of the epoch wait for
 * it, hands each of them its own value, keeps the values of the page's items this epoch has not
 * fetched yet, and gives the page's arrays back at once. A read that fails fails the fetches
 * waiting for it, and the next fetch reads it anew; a read that was interrupted fails its own
 * fetch, and the fetches waiting for it read the page anew (as {@link RowGroupCache} does). Closing
 * it drops what it kept.
 *
 * @param <T> what the source decodes a page or row group into
 * @param <V> what a fetch returns
 */
final class EpochPages<T, V> {

    /** What a value of a row weighs against the bound of {@link KeptItems}. */
    @FunctionalInterface
    interface RowWeight<T> {
        long bytes(T rows, int row);
    }

    /** A read of one page: the fetches waiting for it and, once read, their values. */
    private static final class Read {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        final Set<Long> waiting = new HashSet<>();
        final Map<Long, KeptItems.Kept> values = new HashMap<>();
    }

    private final ParquetTable<T> table;
    private final StreamedCut.RowValue<T, V> value;
    private final RowWeight<T> weight;
    private final KeptItems kept;

    @GuardedBy("this")
    private final BitSet fetched = new BitSet();

    @GuardedBy("this")
    private final Map<Integer, Read> reads = new HashMap<>();

    EpochPages(ParquetTable<T> table, StreamedCut.RowValue<T, V> value, RowWeight<T> weight) {
        this.table = table;
        this.value = value;
        this.weight = weight;
        this.kept = table.kept();
    }

    /**
     * Item {@code item}'s value: taken out of what this epoch kept, or from its page, read here or
     * by another fetch of the epoch.
     *
     * @throws BadItemException naming the item if its page cannot be read, or its value's
     */
    V fetch(long item) throws BadItemException, InterruptedException {
        int unit = table.unit(item);
        for (boolean first = true; ; first = false) {
            Read read;
            boolean mine;
            synchronized (this) {
                fetched.set(Math.toIntExact(item));
                KeptItems.Kept found = kept.take(this, item);
                if (found != null) {
                    count(first, false);
                    return valueOf(found);
                }
                read = reads.get(unit);
                mine = read == null;
                if (mine) {
                    read = new Read();
                    reads.put(unit, read);
                }
                read.waiting.add(item);
            }
            count(first, mine);
            if (mine) {
                load(unit, read);
            }
            KeptItems.Kept got = await(read, item, mine);
            if (got != null) {
                return valueOf(got);
            }
        }
    }

    /** Counts a fetch's first try: a miss if it reads its page, else a hit. */
    private void count(boolean first, boolean reads) {
        if (first && reads) {
            kept.miss();
        } else if (first) {
            kept.hit();
        }
    }

    @SuppressWarnings("unchecked")
    private V valueOf(KeptItems.Kept found) throws BadItemException {
        if (found.failure() != null) {
            throw found.failure();
        }
        return (V) found.value();
    }

    /**
     * Waits for {@code read}; returns the item's value, or null if the fetch is to read again (the
     * read was another fetch's and was interrupted, or did not hold this item for this fetch).
     */
    private KeptItems.Kept await(Read read, long item, boolean mine)
            throws BadItemException, InterruptedException {
        try {
            read.done.get();
        } catch (ExecutionException e) {
            if (mine || !(e.getCause() instanceof RowGroupCache.Abandoned)) {
                throw table.failure(item, RowGroupCache.failure(e.getCause()));
            }
            return null;
        }
        synchronized (this) {
            return read.values.remove(item);
        }
    }

    /** Reads page {@code unit}, hands the waiting fetches their values and keeps the others. */
    private void load(int unit, Read read) {
        try {
            Map<Long, KeptItems.Kept> values = copyOut(unit, read);
            synchronized (this) {
                values.forEach(
                        (item, one) -> {
                            if (read.waiting.contains(item)) {
                                read.values.put(item, one);
                            } else {
                                kept.put(this, item, one);
                            }
                        });
                reads.remove(unit);
            }
            read.done.complete(null);
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                reads.remove(unit);
            }
            read.done.completeExceptionally(RowGroupCache.abandonedOr(e));
        }
    }

    /**
     * Reads page {@code unit} and copies out, in item order, the values of its items that this
     * epoch has not fetched or that wait for this read; gives the page's arrays back.
     */
    private Map<Long, KeptItems.Kept> copyOut(int unit, Read read) throws IOException {
        ParquetTable.Leased<T> page = table.readUnit(unit);
        try {
            long first = table.firstItem(unit);
            BitSet wanted = wanted(read, first, table.items(unit));
            Map<Long, KeptItems.Kept> values = new LinkedHashMap<>();
            for (int i = wanted.nextSetBit(0); i >= 0; i = wanted.nextSetBit(i + 1)) {
                values.put(first + i, valueOf(first + i, page.rows()));
            }
            return values;
        } finally {
            page.pages().giveBack();
        }
    }

    /** The items of a page from {@code first} not fetched yet or waiting for {@code read}. */
    private synchronized BitSet wanted(Read read, long first, int count) {
        int from = Math.toIntExact(first);
        BitSet wanted = fetched.get(from, from + count);
        wanted.flip(0, count);
        read.waiting.forEach(item -> wanted.set(Math.toIntExact(item - first)));
        return wanted;
    }

    private KeptItems.Kept valueOf(long item, T rows) {
        try {
            return new KeptItems.Kept(
                    value.of(item, rows), null, weight.bytes(rows, table.row(item)));
        } catch (BadItemException e) {
            return new KeptItems.Kept(null, e, 0);
        }
    }

    /** Drops what this epoch kept; called once its fetches stopped. */
    void close() {
        kept.drop(this);
    }
}
