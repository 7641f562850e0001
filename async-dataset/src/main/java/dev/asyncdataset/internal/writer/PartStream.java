package dev.asyncdataset.internal.writer;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * A stream cut into parts of a fixed size for a multipart upload: bytes are gathered in one buffer
 * of the part size, and each full buffer is handed to {@link Parts#upload} before more is taken, so
 * a stream of any length holds one part in memory. {@link #finish} hands over the last, shorter
 * part.
 */
final class PartStream extends OutputStream {

    /** Receives the parts, numbered from 1; the buffer is reused once the call returns. */
    @FunctionalInterface
    interface Parts {
        void upload(int number, byte[] bytes, int length) throws IOException;
    }

    private final byte[] buffer;
    private final Parts parts;
    private int filled;
    private int uploaded;

    PartStream(int partBytes, Parts parts) {
        this.buffer = new byte[partBytes];
        this.parts = parts;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        int from = offset;
        int left = length;
        while (left > 0) {
            int n = Math.min(left, buffer.length - filled);
            System.arraycopy(bytes, from, buffer, filled, n);
            filled += n;
            from += n;
            left -= n;
            if (filled == buffer.length) {
                upload();
            }
        }
    }

    /**
     * Hands over what is buffered as the last part (an empty one if nothing was written).
     *
     * @return the number of parts
     */
    int finish() throws IOException {
        if (filled > 0 || uploaded == 0) {
            upload();
        }
        return uploaded;
    }

    private void upload() throws IOException {
        parts.upload(uploaded + 1, buffer, filled);
        uploaded++;
        filled = 0;
    }
}
