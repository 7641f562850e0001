package dev.asyncdataset.internal.io;

import dev.asyncdataset.store.ObjectOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * An {@link ObjectOutput} for a store that takes an object in parts and then completes it (an S3
 * multipart upload, Azure's staged blocks): the stream gathers bytes in one buffer of the part size
 * and hands each full buffer to {@link #upload} before it takes more, so an object of any length
 * holds one part in memory; {@link #commit()} hands over the last, shorter part (an empty one if
 * nothing was written) and {@link #complete}s the object; {@link #close()} without a commit {@link
 * #abort}s it. A store implements the three steps; each runs under the {@link WriteRetries} the
 * library sets ({@link #setRetries}), so a step that failed may run again: an upload with the
 * number of a part uploaded before replaces that part (S3's part numbers, Azure's block IDs), and a
 * completion run again after a failure makes the same object.
 */
public abstract class PartedOutput implements ObjectOutput {

    private final byte[] buffer;
    private final OutputStream stream = new Parts();
    private WriteRetries retries = WriteRetries.ONCE;
    private int filled;
    private int uploaded;
    private boolean ended;

    /**
     * An output of parts of {@code partBytes}.
     *
     * @param partBytes the size of every part but the last, at least 1
     * @throws IllegalArgumentException if {@code partBytes} is below 1
     */
    protected PartedOutput(int partBytes) {
        if (partBytes < 1) {
            throw new IllegalArgumentException("partBytes < 1: " + partBytes);
        }
        this.buffer = new byte[partBytes];
    }

    /**
     * Stores one part, replacing one of the same number uploaded before; {@code bytes} is reused
     * once this returns.
     *
     * @param number the part's number, from 1
     * @param bytes the part's bytes, from index 0
     * @param length the number of bytes
     * @throws IOException if the store fails
     */
    protected abstract void upload(int number, byte[] bytes, int length) throws IOException;

    /**
     * Makes the parts uploaded, in number order, the object, at once; run again after a failure,
     * makes the same object.
     *
     * @param parts the number of parts
     * @throws IOException if the store fails
     */
    protected abstract void complete(int parts) throws IOException;

    /**
     * Drops the parts uploaded so far, leaving nothing visible.
     *
     * @throws IOException if the store fails
     */
    protected abstract void abort() throws IOException;

    /**
     * Runs the steps from now on under {@code retries}; by default each runs once.
     *
     * @param retries runs each upload, completion and abort
     */
    public final void setRetries(WriteRetries retries) {
        this.retries = Objects.requireNonNull(retries, "retries");
    }

    @Override
    public final OutputStream stream() {
        return stream;
    }

    @Override
    public final void commit() throws IOException {
        if (ended) {
            throw new IOException("output already ended");
        }
        if (filled > 0 || uploaded == 0) {
            uploadBuffer();
        }
        int parts = uploaded;
        retries.run("completion", () -> complete(parts));
        ended = true;
    }

    @Override
    public final void close() throws IOException {
        if (!ended) {
            ended = true;
            retries.run("abort", this::abort);
        }
    }

    private void uploadBuffer() throws IOException {
        int number = uploaded + 1;
        int length = filled;
        retries.run("part " + number, () -> upload(number, buffer, length));
        uploaded++;
        filled = 0;
    }

    /** The stream that cuts the bytes into parts. */
    private final class Parts extends OutputStream {

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            Objects.checkFromIndexSize(offset, length, bytes.length);
            if (ended) {
                throw new IOException("output already ended");
            }
            int from = offset;
            int left = length;
            while (left > 0) {
                int n = Math.min(left, buffer.length - filled);
                System.arraycopy(bytes, from, buffer, filled, n);
                filled += n;
                from += n;
                left -= n;
                if (filled == buffer.length) {
                    uploadBuffer();
                }
            }
        }
    }
}
