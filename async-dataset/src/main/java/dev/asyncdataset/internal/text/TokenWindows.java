package dev.asyncdataset.internal.text;

import dev.asyncdataset.epoch.IterationState;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The token stream of an epoch being cut into windows of equal length: the tokens of the document
 * batches read and not yet packed, each batch with the documents' iteration state before it was
 * read, so that where the next window starts can be saved as (that state, tokens into the batch).
 * Not thread-safe: the trainer's thread owns it.
 */
final class TokenWindows {

    private record Chunk(IterationState before, long[] tokens) {}

    private final int window;
    private final Deque<Chunk> chunks = new ArrayDeque<>();
    private int offset;
    private long available;
    private long skip;

    /**
     * Windows of {@code window} tokens, after leaving out the stream's first {@code skip} tokens
     * (where a resumed epoch starts).
     */
    TokenWindows(int window, long skip) {
        this.window = window;
        this.skip = skip;
    }

    /** Adds the next document batch's tokens, read from {@code before}. */
    void add(IterationState before, long[] tokens) {
        if (tokens.length == 0) {
            return;
        }
        chunks.addLast(new Chunk(before, tokens));
        available += tokens.length;
        long skipped = Math.min(skip, available);
        skip -= skipped;
        advance(skipped);
    }

    /** Returns the whole windows the tokens read so far make. */
    long windows() {
        return available / window;
    }

    /** Returns the tokens read and not packed. */
    long available() {
        return available;
    }

    /** Takes the next window; there must be one ({@link #windows()} at least 1). */
    long[] take() {
        long[] out = new long[window];
        int at = 0;
        while (at < window) {
            long[] tokens = chunks.getFirst().tokens();
            int n = Math.min(window - at, tokens.length - offset);
            System.arraycopy(tokens, offset, out, at, n);
            at += n;
            advance(n);
        }
        return out;
    }

    /** Leaves out every token read and not packed: the epoch's tail, too short for a window. */
    void dropRest() {
        advance(available);
    }

    /**
     * Returns the state of the document batch the next window starts in and the tokens into it, or
     * {@code null} when every token read was packed.
     */
    IterationState startBatch() {
        return chunks.isEmpty() ? null : chunks.getFirst().before();
    }

    /** Returns the tokens into {@link #startBatch()} the next window starts at. */
    long startOffset() {
        return offset;
    }

    private void advance(long n) {
        long left = n;
        while (left > 0) {
            int step = (int) Math.min(left, chunks.getFirst().tokens().length - offset);
            offset += step;
            left -= step;
            available -= step;
            if (offset == chunks.getFirst().tokens().length) {
                chunks.removeFirst();
                offset = 0;
            }
        }
    }
}
