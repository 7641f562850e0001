package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.asyncdataset.decode.BadItemException;
import java.io.IOException;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
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
 * fetch, and the fetches waiting for it read the page anew (as {@link RowGroupCache} does).
 *
 * <p>A value is copied into arrays of the table's pool of copies ({@link ParquetTable#copies}),
 * which go back to it once nothing reads the value: when it is released ({@link #release}, after
 * its decode), dropped from {@link KeptItems} unfetched, or left by a fetch that was interrupted;
 * closing the epoch drops what it kept. A value handed to a fetch is given back by its release
 * alone, even after the epoch closed, since its decode may still read it.
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

    /** An item's value in its page, copied into arrays of {@code copies} where it is no view. */
    @FunctionalInterface
    interface CopiedValue<T, V> {
        V of(long index, T rows, PageBuffers.Lease copies) throws BadItemException;
    }

    /** A read of one page: the fetches waiting for it and, once read, their values. */
    private static final class Read {
        final CompletableFuture<Void> done = new CompletableFuture<>();
        final Set<Long> waiting = new HashSet<>();
        final Map<Long, KeptItems.Kept> values = new HashMap<>();
    }

    private final ParquetTable<T> table;
    private final CopiedValue<T, V> value;
    private final RowWeight<T> weight;
    private final KeptItems kept;

    @GuardedBy("this")
    private final BitSet fetched = new BitSet();

    @GuardedBy("this")
    private final Map<Integer, Read> reads = new HashMap<>();

    /** The arrays of the values handed to fetches and not released yet, by value. */
    @GuardedBy("this")
    private final Map<Object, PageBuffers.Lease> handedOut = new IdentityHashMap<>();

    EpochPages(ParquetTable<T> table, CopiedValue<T, V> value, RowWeight<T> weight) {
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

    /** Hands {@code found}'s value to its fetch, its arrays lent until {@link #release}. */
    @SuppressWarnings("unchecked")
    private V valueOf(KeptItems.Kept found) throws BadItemException {
        if (found.failure() != null) {
            throw found.failure();
        }
        synchronized (this) {
            handedOut.put(found.value(), found.copies());
        }
        return (V) found.value();
    }

    /** Gives the arrays of {@code fetched}, a value {@link #fetch} returned, back to the pool. */
    void release(Object fetched) {
        PageBuffers.Lease copies;
        synchronized (this) {
            copies = handedOut.remove(fetched);
        }
        if (copies != null) {
            copies.giveBack();
        }
    }

    /**
     * Waits for {@code read}; returns the item's value, or null if the fetch is to read again (the
     * read was another fetch's and was interrupted, or did not hold this item for this fetch).
     */
    private KeptItems.Kept await(Read read, long item, boolean mine)
            throws BadItemException, InterruptedException {
        try {
            read.done.get();
        } catch (InterruptedException e) {
            leave(read, item);
            throw e;
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

    /**
     * Takes a fetch that was interrupted off {@code read}: the read keeps its item, if it has not
     * handed it over yet; else its value's arrays go back.
     */
    private synchronized void leave(Read read, long item) {
        read.waiting.remove(item);
        KeptItems.Kept left = read.values.remove(item);
        if (left != null) {
            left.giveBack();
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
     * epoch has not fetched or that wait for this read; gives the page's arrays back, and the
     * copies' if it fails.
     */
    private Map<Long, KeptItems.Kept> copyOut(int unit, Read read) throws IOException {
        ParquetTable.Leased<T> page = table.readUnit(unit);
        Map<Long, KeptItems.Kept> values = new LinkedHashMap<>();
        boolean copied = false;
        try {
            long first = table.firstItem(unit);
            BitSet wanted = wanted(read, first, table.items(unit));
            for (int i = wanted.nextSetBit(0); i >= 0; i = wanted.nextSetBit(i + 1)) {
                values.put(first + i, valueOf(first + i, page.rows()));
            }
            copied = true;
            return values;
        } finally {
            page.pages().giveBack();
            if (!copied) {
                values.values().forEach(KeptItems.Kept::giveBack);
            }
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
        PageBuffers.Lease copies = table.copies().lease();
        boolean copied = false;
        try {
            V of = value.of(item, rows, copies);
            copied = true;
            return new KeptItems.Kept(of, null, weight.bytes(rows, table.row(item)), copies);
        } catch (BadItemException e) {
            return new KeptItems.Kept(null, e, 0, copies);
        } finally {
            if (!copied) {
                copies.giveBack();
            }
        }
    }

    /**
     * Drops what this epoch kept, giving its arrays back; called once its fetches stopped. The
     * values handed to fetches come back by their release.
     */
    void close() {
        kept.drop(this);
    }
}
