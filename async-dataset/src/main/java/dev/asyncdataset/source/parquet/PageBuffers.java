package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The arrays that streamed row groups' pages, and the pages random access reads, are read and
 * decompressed into, reused from one row group or page to the next: a page of a few megabytes is a
 * G1 humongous object, and even smaller ones allocated per read make G1 grow the heap. A page of at
 * least {@link #MIN_POOLED} bytes gets the smallest free array that holds it, or else a new one of
 * its size class (at most an eighth over its size), so that pages whose sizes vary (Parquet writers
 * cut pages near a target, and each row group's last page is shorter) reuse the arrays of earlier
 * ones instead of allocating; smaller pages get arrays of their own. The free arrays kept are
 * bounded by the most bytes lent at once, the smallest dropped first: the pool never holds more
 * than the pages of the row groups in flight at their peak. One per source; and another, built the
 * same way but pooling arrays of every size ({@link #forItems}), for the images random-access
 * epochs copy out of their pages and keep until they are decoded.
 */
final class PageBuffers {

    /** The smallest page whose array is pooled: 256 KiB. */
    static final int MIN_POOLED = 256 << 10;

    private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final int minPooled;

    @GuardedBy("this")
    private final TreeMap<Integer, ArrayDeque<byte[]>> free = new TreeMap<>();

    @GuardedBy("this")
    private long freeBytes;

    @GuardedBy("this")
    private long lent;

    @GuardedBy("this")
    private long peakLent;

    /** A pool of page arrays: those of at least {@link #MIN_POOLED} bytes are pooled. */
    PageBuffers() {
        this(MIN_POOLED);
    }

    private PageBuffers(int minPooled) {
        this.minPooled = minPooled;
    }

    /** A pool of items' copies: every array but an empty one is pooled, in size classes. */
    static PageBuffers forItems() {
        return new PageBuffers(1);
    }

    /** A lease of arrays from this pool, for one row group's pages, one page read or one copy. */
    Lease lease() {
        return new Lease(this);
    }

    /** The length of the array a page of {@code size} bytes gets. */
    static int sizeClass(int size) {
        return sizeClass(size, MIN_POOLED);
    }

    private static int sizeClass(int size, int minPooled) {
        if (size < minPooled) {
            return size;
        }
        long step = Math.max(1, Integer.highestOneBit(size) / 8);
        return (int) Math.min(MAX_ARRAY, (size + step - 1) / step * step);
    }

    /** The bytes of the arrays kept free now. */
    synchronized long freeBytes() {
        return freeBytes;
    }

    /** The bytes of the arrays lent now. */
    synchronized long lentBytes() {
        return lent;
    }

    private byte[] take(int size) {
        synchronized (this) {
            Map.Entry<Integer, ArrayDeque<byte[]>> fit = free.ceilingEntry(size);
            if (fit != null) {
                byte[] array = fit.getValue().pop();
                if (fit.getValue().isEmpty()) {
                    free.remove(fit.getKey());
                }
                freeBytes -= array.length;
                lent(array.length);
                return array;
            }
            lent(sizeClass(size, minPooled));
            trim();
        }
        return new byte[sizeClass(size, minPooled)];
    }

    @GuardedBy("this")
    private void lent(int length) {
        lent += length;
        peakLent = Math.max(peakLent, lent);
    }

    private synchronized void give(byte[] array) {
        lent -= array.length;
        free.computeIfAbsent(array.length, l -> new ArrayDeque<>()).push(array);
        freeBytes += array.length;
        trim();
    }

    /**
     * Drops free arrays, the smallest first, until the free and the lent ones are at most the peak
     * lent at once.
     */
    @GuardedBy("this")
    private void trim() {
        while (freeBytes + lent > peakLent && !free.isEmpty()) {
            Map.Entry<Integer, ArrayDeque<byte[]>> smallest = free.firstEntry();
            freeBytes -= smallest.getValue().pop().length;
            if (smallest.getValue().isEmpty()) {
                free.remove(smallest.getKey());
            }
        }
    }

    /**
     * The arrays one row group's pages were decompressed into (or an item was copied into): taken
     * one by one while it is decoded, given back together once nothing reads them, at most once.
     * Without a pool, every array is of its page's exact size and nothing is kept.
     */
    static final class Lease {

        /** A lease of arrays of their own, from no pool. */
        static final Lease UNPOOLED = new Lease(null);

        private final PageBuffers pool;

        @GuardedBy("this")
        private final List<byte[]> taken = new ArrayList<>();

        private Lease(PageBuffers pool) {
            this.pool = pool;
        }

        /** An array of at least {@code size} bytes for a page of that size. */
        byte[] take(int size) {
            if (pool == null || size < pool.minPooled) {
                return new byte[size];
            }
            byte[] array = pool.take(size);
            synchronized (this) {
                taken.add(array);
            }
            return array;
        }

        /** Gives every array taken back to the pool; nothing may read them any more. */
        void giveBack() {
            for (byte[] array : drain()) {
                pool.give(array);
            }
        }

        private synchronized List<byte[]> drain() {
            List<byte[]> arrays = List.copyOf(taken);
            taken.clear();
            return arrays;
        }
    }
}
