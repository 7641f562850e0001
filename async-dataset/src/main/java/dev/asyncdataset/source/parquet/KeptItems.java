package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.asyncdataset.decode.BadItemException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * The items that the random-access epochs of one source ({@link EpochPages}) copied out of the
 * pages they read for later fetches of the epoch, up to a total of bytes over all of them, the
 * oldest dropped first, their arrays given back as they are dropped; and how many fetches found
 * their item here, or waited for another fetch's read, or read their page. One per source.
 */
final class KeptItems {

    /** An epoch's item. */
    private record Key(EpochPages<?, ?> epoch, long item) {}

    /**
     * An item's value, or why it cannot be fetched, its bytes and the arrays it was copied into.
     *
     * @param value the value, null if it failed
     * @param failure the failure naming the item, null if it has a value
     * @param bytes what it weighs against the bound
     * @param copies the arrays of the value, given back once nothing reads it
     */
    record Kept(Object value, BadItemException failure, long bytes, PageBuffers.Lease copies) {

        /** Gives the value's arrays back; nothing may read the value any more. */
        void giveBack() {
            copies.giveBack();
        }
    }

    private final long maxBytes;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    @GuardedBy("this")
    private final LinkedHashMap<Key, Kept> kept = new LinkedHashMap<>();

    @GuardedBy("this")
    private long bytes;

    /**
     * @param maxBytes the most bytes kept over all epochs
     */
    KeptItems(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /**
     * Keeps {@code epoch}'s item {@code item} as the newest, dropping the oldest items over the
     * bound (and one it replaces) and giving their arrays back.
     */
    synchronized void put(EpochPages<?, ?> epoch, long item, Kept value) {
        Key key = new Key(epoch, item);
        Kept old = kept.remove(key);
        kept.put(key, value);
        bytes += value.bytes();
        if (old != null) {
            bytes -= old.bytes();
            old.giveBack();
        }
        Iterator<Kept> oldest = kept.values().iterator();
        while (bytes > maxBytes && oldest.hasNext()) {
            Kept dropped = oldest.next();
            bytes -= dropped.bytes();
            oldest.remove();
            dropped.giveBack();
        }
    }

    /** Takes {@code epoch}'s item {@code item} out, or returns null if it is not kept. */
    synchronized Kept take(EpochPages<?, ?> epoch, long item) {
        Kept value = kept.remove(new Key(epoch, item));
        if (value != null) {
            bytes -= value.bytes();
        }
        return value;
    }

    /** Drops every item of {@code epoch}, giving their arrays back. */
    synchronized void drop(EpochPages<?, ?> epoch) {
        Iterator<Map.Entry<Key, Kept>> all = kept.entrySet().iterator();
        while (all.hasNext()) {
            Map.Entry<Key, Kept> entry = all.next();
            if (entry.getKey().epoch() == epoch) {
                Kept dropped = entry.getValue();
                bytes -= dropped.bytes();
                all.remove();
                dropped.giveBack();
            }
        }
    }

    /** The bytes kept now. */
    synchronized long bytes() {
        return bytes;
    }

    /** Counts a fetch that found its item here or read by another fetch. */
    void hit() {
        hits.increment();
    }

    /** Counts a fetch that read its page. */
    void miss() {
        misses.increment();
    }

    /** Fetches that found their item kept, or waited for another fetch's read of its page. */
    long hits() {
        return hits.sum();
    }

    /** Fetches that read their page. */
    long misses() {
        return misses.sum();
    }
}
