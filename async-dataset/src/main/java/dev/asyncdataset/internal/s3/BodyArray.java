package dev.asyncdataset.internal.s3;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;

/**
 * Where one GET body goes: an array of its own, exactly its length; an array taken from a pool
 * ({@link BodyBuffers}) at the response headers and given back by {@link #recycle} if the body
 * failed or was refused; or a given array, written from a start position (a ranged GET resuming a
 * whole-object read into a reused shard buffer). Refuses a body over the size limit before any of
 * it is read. Only the reading thread writes into the array; {@link #filled} may be read by any.
 */
final class BodyArray {

    private final long maxBytes;
    private final byte[] into;
    private final BodyBuffers pool;
    private final int start;
    private byte[] bytes;
    private volatile int filled;

    /** A body in an array of its own, or from {@code pool} if not null. */
    BodyArray(long maxBytes, BodyBuffers pool) {
        this(maxBytes, null, pool, 0);
    }

    /** A body written into {@code into} from {@code start}; it may not run past {@code end}. */
    BodyArray(byte[] into, int start, int end) {
        this(end - start, into, null, start);
    }

    private BodyArray(long maxBytes, byte[] into, BodyBuffers pool, int start) {
        this.maxBytes = maxBytes;
        this.into = into;
        this.pool = pool;
        this.start = start;
        this.filled = start;
    }

    /**
     * Takes the array for a body of {@code length} bytes (null: not announced), or refuses it as a
     * bad item named {@code url}; returns the position the body ends at.
     */
    int take(String url, Long length) throws BadItemException {
        if (length == null || length > maxBytes) {
            throw new BadItemException(
                    url,
                    length == null
                            ? "no Content-Length"
                            : "object too large: " + length + " bytes, limit " + maxBytes,
                    null);
        }
        int size = length.intValue();
        try {
            bytes = into != null ? into : pool != null ? pool.take(size) : new byte[size];
        } catch (OutOfMemoryError e) {
            throw new BadItemException(url, "out of memory for " + length + " bytes", e);
        }
        return start + size;
    }

    /** The array taken, or null before the headers. */
    byte[] bytes() {
        return bytes;
    }

    /** Where the body starts in the array. */
    int start() {
        return start;
    }

    /** Where the body has been written up to: the start position plus the bytes received. */
    int filled() {
        return filled;
    }

    /** Records that the body has been written up to {@code at}. */
    void filledTo(int at) {
        filled = at;
    }

    /** Gives a pooled array back once nothing writes into it: the body failed or was refused. */
    void recycle() {
        byte[] taken = pool != null ? bytes : null;
        bytes = null;
        if (taken != null) {
            pool.give(taken);
        }
    }
}
