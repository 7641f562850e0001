package dev.asyncdataset.internal.shard;

import java.util.ArrayDeque;

/**
 * The buffers whole shards are read into, all of one size (the largest shard's length, so that any
 * shard fits), reused across shards and epochs: a 32-128 MB array allocated for every shard read is
 * a humongous object that G1 answers by growing the heap. A streamed epoch ({@link ResidentShards})
 * bounds how many it takes at once; free buffers are kept up to the most an epoch may take ({@link
 * #keep}), so that steady-state streaming allocates none. One per source; it counts the buffers out
 * at once over all epochs ({@link #peakTaken}), which a new epoch would double if an epoch that can
 * no longer be read still held its own.
 */
public final class ShardBuffers {

    /** The most bytes of one Java array. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    private final int bufferBytes;
    private final ArrayDeque<byte[]> free = new ArrayDeque<>();
    private int kept;
    private int taken;
    private int peakTaken;

    /**
     * @param largestShard the length of the largest shard; buffers hold at most {@link #MAX_ARRAY}
     *     bytes (a larger shard cannot be streamed)
     */
    public ShardBuffers(long largestShard) {
        this.bufferBytes = (int) Math.min(MAX_ARRAY, Math.max(0, largestShard));
    }

    /** The bytes of each buffer. */
    public int bufferBytes() {
        return bufferBytes;
    }

    /** Keeps up to {@code buffers} free buffers from now on, if that is more than before. */
    synchronized void keep(int buffers) {
        kept = Math.max(kept, buffers);
    }

    /**
     * Returns a free buffer, or a new one. Its bytes are whatever the last shard read into it left.
     *
     * @throws OutOfMemoryError if there is no free buffer and no memory for a new one
     */
    byte[] take() {
        synchronized (this) {
            peakTaken = Math.max(peakTaken, ++taken);
            if (!free.isEmpty()) {
                return free.pop();
            }
        }
        try {
            return new byte[bufferBytes];
        } catch (OutOfMemoryError e) {
            synchronized (this) {
                taken--;
            }
            throw e;
        }
    }

    /** Gives back a buffer that nothing reads or writes any more; dropped if enough are kept. */
    synchronized void give(byte[] buffer) {
        taken--;
        if (free.size() < kept) {
            free.push(buffer);
        }
    }

    /** The most buffers out of the pool at once, over all epochs so far. */
    synchronized int peakTaken() {
        return peakTaken;
    }

    /** The free buffers kept now. */
    synchronized int freeBuffers() {
        return free.size();
    }
}
