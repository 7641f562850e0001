package dev.asyncdataset.internal.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The recycled heap arrays that the image sources read encoded item bodies into, so that a body
 * costs no new array once the loader runs steadily (one per item would be about the encoded size in
 * garbage per image, which drives the heap's growth).
 *
 * <ul>
 *   <li><b>Who takes.</b> A source's {@code fetch}, once it knows the body's length (a file's size,
 *       an S3 GET's Content-Length, a tar member's size): {@link #take} returns an array of at
 *       least that length, and the fetch hands the body on as {@link #body}: a heap buffer over the
 *       array, position 0, limit the body's length.
 *   <li><b>Who gives back.</b> The same source's {@code ItemSource.release}, which the loader calls
 *       exactly once per fetched value when the item was decoded (into a row or a record) or
 *       dropped (skipped, its batch failed, the epoch closed); and the fetch itself when reading
 *       fails, once nothing writes into the array any more (for S3, after the body's {@code stop}).
 *   <li><b>When it is reused.</b> Only after it was given back, and only once: {@link #give} takes
 *       in only an array this pool lent and has not taken back since, so an array given back twice
 *       is not handed to two items.
 *   <li><b>What bounds it.</b> Arrays come in size classes of four per doubling from 4 KiB (at most
 *       25% over the length asked for) up to {@link #MAX_POOLED}; a longer body gets an array of
 *       its own, never pooled. The free arrays kept are at most {@code maxRetained} bytes ({@link
 *       #SHARED_RETAINED} for the shared pool); one that would go over is left to the GC. Taking
 *       never waits: with no free array of the class, a new one is made.
 *   <li><b>Not given back.</b> An array that is never given back (a user's code keeping the fetched
 *       value, a fetch that took one and then failed without giving it) is simply left to the
 *       garbage collector, like any array; it is never reused.
 * </ul>
 */
public final class BodyBuffers {

    /** The longest body read into a pooled array: 16 MiB. */
    public static final int MAX_POOLED = 16 << 20;

    /** The most bytes of free arrays the shared pool keeps: 64 MiB. */
    public static final long SHARED_RETAINED = 64L << 20;

    private static final int MIN_SHIFT = 12;
    private static final BodyBuffers SHARED = new BodyBuffers(SHARED_RETAINED);

    private final long maxRetained;
    private final ConcurrentLinkedQueue<byte[]>[] free;
    private final AtomicLong retained = new AtomicLong();
    private final AtomicLong lentCount = new AtomicLong();

    /**
     * The arrays lent and not given back, by identity (arrays do not override equals), weakly: one
     * never given back is still collected.
     */
    private final Map<byte[], Boolean> lent = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Creates a pool that keeps at most {@code maxRetained} bytes of free arrays.
     *
     * @param maxRetained the bound on the free arrays' bytes
     */
    @SuppressWarnings("unchecked")
    public BodyBuffers(long maxRetained) {
        if (maxRetained < 0) {
            throw new IllegalArgumentException("maxRetained < 0: " + maxRetained);
        }
        this.maxRetained = maxRetained;
        this.free = new ConcurrentLinkedQueue[classOf(MAX_POOLED) + 1];
        for (int c = 0; c < free.length; c++) {
            free[c] = new ConcurrentLinkedQueue<>();
        }
    }

    /**
     * Returns the pool the library's image sources share.
     *
     * @return the shared pool
     */
    public static BodyBuffers shared() {
        return SHARED;
    }

    /**
     * Lends an array of at least {@code length} bytes: a free one of its size class, or a new one.
     *
     * @param length the body's length
     * @return the array, to be given back once nothing reads it
     */
    public byte[] take(int length) {
        if (length > MAX_POOLED) {
            return new byte[length];
        }
        int sizeClass = classOf(length);
        byte[] array = free[sizeClass].poll();
        if (array != null) {
            retained.addAndGet(-array.length);
        } else {
            array = new byte[sizeOf(sizeClass)];
        }
        lent.put(array, Boolean.TRUE);
        lentCount.incrementAndGet();
        return array;
    }

    /**
     * Wraps the first {@code length} bytes of a lent array as a fetched body.
     *
     * @param array the array from {@link #take}
     * @param length the body's length
     * @return a heap buffer over the array, position 0, limit {@code length}
     */
    public static ByteBuffer body(byte[] array, int length) {
        return ByteBuffer.wrap(array, 0, length);
    }

    /**
     * Reads the file {@code file} into a lent array: the bytes it had when opened, or fewer if it
     * is cut meanwhile. The array is given back if the read fails.
     *
     * @param file the file
     * @return its bytes as a body ({@link #body})
     * @throws IOException if the file cannot be read, or holds 2 GiB or more
     */
    public ByteBuffer read(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            long size = channel.size();
            if (size > Integer.MAX_VALUE - 8) {
                throw new IOException(file + ": " + size + " bytes, too large for one array");
            }
            byte[] array = take((int) size);
            try {
                ByteBuffer into = ByteBuffer.wrap(array, 0, (int) size);
                while (into.hasRemaining() && channel.read(into) >= 0) {
                    // reads until the size it had, or its end if it is cut meanwhile
                }
                return body(array, into.position());
            } catch (IOException | RuntimeException e) {
                give(array);
                throw e;
            }
        }
    }

    /**
     * Gives back the array under {@code body}, if it is one this pool lent; call it once nothing
     * reads the body any more.
     *
     * @param body a body made by {@link #body}, or any other buffer (then nothing happens)
     * @return whether the array was taken back
     */
    public boolean give(ByteBuffer body) {
        return body.hasArray() && body.arrayOffset() == 0 && give(body.array());
    }

    /**
     * Gives back {@code array}, if this pool lent it and has not taken it back since; call it once
     * nothing reads or writes the array any more.
     *
     * @param array the array
     * @return whether it was taken back (kept for reuse, or dropped over the bound)
     */
    public boolean give(byte[] array) {
        if (lent.remove(array) == null) {
            return false;
        }
        lentCount.decrementAndGet();
        if (retained.addAndGet(array.length) > maxRetained) {
            retained.addAndGet(-array.length);
        } else {
            free[classOf(array.length)].offer(array);
        }
        return true;
    }

    /**
     * Returns the arrays lent and not given back yet.
     *
     * @return the count
     */
    public long lent() {
        return lentCount.get();
    }

    /**
     * Returns the bytes of the free arrays kept for reuse.
     *
     * @return the bytes, at most the pool's bound
     */
    public long retained() {
        return retained.get();
    }

    /** The size class of a body of {@code length} bytes: 0 up to 4 KiB, then four per doubling. */
    static int classOf(int length) {
        if (length <= 1 << MIN_SHIFT) {
            return 0;
        }
        int shift = 31 - Integer.numberOfLeadingZeros(length - 1);
        int quarter = (length - 1 - (1 << shift)) >> (shift - 2);
        return (shift - MIN_SHIFT) * 4 + quarter + 1;
    }

    /** The array length of size class {@code sizeClass}. */
    static int sizeOf(int sizeClass) {
        if (sizeClass == 0) {
            return 1 << MIN_SHIFT;
        }
        int shift = MIN_SHIFT + (sizeClass - 1) / 4;
        int quarters = (sizeClass - 1) % 4 + 1;
        return (1 << shift) + quarters * (1 << (shift - 2));
    }
}
