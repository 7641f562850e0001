package dev.asyncdataset.source.parquet;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The arrays that streamed row groups' pages, and the pages random access reads, are read and
 * decompressed into, reused from one row group or page to the next: a page of a few megabytes is a
 * G1 humongous object, and even smaller ones allocated per read make G1 grow the heap. A page of at
 * least {@link #MIN_POOLED} bytes gets a free array of its size class (at most an eighth over its
 * size) or of a class at most a quarter over that, else a new one of its class; smaller ones get
 * arrays of their own. Pages a little under and over a size (Parquet writers cut pages near a
 * target) so share the arrays of the larger class. The free arrays kept are bounded by the most
 * bytes lent at once, the smallest dropped first: the pool never holds more than the pages of the
 * row groups in flight at their peak. One per source.
 */
final class PageBuffers {

    /** The smallest page whose array is pooled: 256 KiB. */
    static final int MIN_POOLED = 256 << 10;

    private static final long MAX_ARRAY = Integer.MAX_VALUE - 8;

    @GuardedBy("this")
    private final TreeMap<Integer, ArrayDeque<byte[]>> free = new TreeMap<>();

    @GuardedBy("this")
    private long freeBytes;

    @GuardedBy("this")
    private long lent;

    @GuardedBy("this")
    private long peakLent;

    /** A lease of arrays from this pool, for one row group's pages or one page read. */
    Lease lease() {
        return new Lease(this);
    }

    /** The length of the array a page of {@code size} bytes gets. */
    static int sizeClass(int size) {
        if (size < MIN_POOLED) {
            return size;
        }
        long step = Integer.highestOneBit(size) / 8;
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
        int length = sizeClass(size);
        synchronized (this) {
            Map.Entry<Integer, ArrayDeque<byte[]>> kept = free.ceilingEntry(length);
            if (kept != null && kept.getKey() - length <= length / 4) {
                byte[] array = kept.getValue().pop();
                if (kept.getValue().isEmpty()) {
                    free.remove(kept.getKey());
                }
                freeBytes -= array.length;
                lend(array.length);
                return array;
            }
            lend(length);
            trim();
        }
        return new byte[length];
    }

    @GuardedBy("this")
    private void lend(int length) {
        lent += length;
        peakLent = Math.max(peakLent, lent);
    }

    private synchronized void give(byte[] array) {
        lent -= array.length;
        free.computeIfAbsent(array.length, l -> new ArrayDeque<>()).push(array);
        freeBytes += array.length;
        trim();
    }

    private synchronized void forget(byte[] array) {
        lent -= array.length;
        trim();
    }

    /**
     * Drops free arrays, the smallest first, until the free and the lent ones are at most the peak
     * lent at once.
     */
    @GuardedBy("this")
    private void trim() {
        Iterator<ArrayDeque<byte[]>> lists = free.values().iterator();
        while (freeBytes + lent > peakLent && lists.hasNext()) {
            ArrayDeque<byte[]> kept = lists.next();
            while (freeBytes + lent > peakLent && !kept.isEmpty()) {
                freeBytes -= kept.pop().length;
            }
            if (kept.isEmpty()) {
                lists.remove();
            }
        }
    }

    /**
     * The arrays one row group's pages were decompressed into: taken one by one while it is
     * decoded, given back together once nothing reads them, or forgotten (left to the garbage
     * collector) if that moment may never come. Without a pool, every array is of its page's exact
     * size and nothing is kept.
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
            if (pool == null || size < MIN_POOLED) {
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

        /** Stops counting the arrays taken as lent, without reusing them. */
        void forget() {
            for (byte[] array : drain()) {
                pool.forget(array);
            }
        }

        private synchronized List<byte[]> drain() {
            List<byte[]> arrays = List.copyOf(taken);
            taken.clear();
            return arrays;
        }
    }
}
