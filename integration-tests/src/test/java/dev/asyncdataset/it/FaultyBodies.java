package dev.asyncdataset.it;

import com.google.common.io.ByteStreams;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.http.AbortableInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Bodies that go wrong in transit while the headers (Content-Length, ETag) stay those of the stored
 * object: cut short, one bit flipped, paused midway, or sent slowly.
 */
final class FaultyBodies {

    /** How much of a body {@link #dripping} sends at once. */
    static final int DRIP_CHUNK = 4_096;

    private FaultyBodies() {}

    /** Only the first half of the body. */
    static ResponseInputStream<GetObjectResponse> truncated(
            ResponseInputStream<GetObjectResponse> full) {
        return with(full, ByteStreams.limit(full, full.response().contentLength() / 2));
    }

    /** The whole body, with one bit flipped in its middle byte. */
    static ResponseInputStream<GetObjectResponse> corrupted(
            ResponseInputStream<GetObjectResponse> full) {
        return with(full, new Flipped(full, full.response().contentLength() / 2));
    }

    /** The whole body, pausing {@code pauseMillis} once half of it was sent. */
    static ResponseInputStream<GetObjectResponse> pausedMidway(
            ResponseInputStream<GetObjectResponse> full, long pauseMillis) {
        long half = full.response().contentLength() / 2;
        return with(full, new Paced(full, half, true, pauseMillis));
    }

    /** The whole body, {@link #DRIP_CHUNK} bytes at a time with {@code gapMillis} between. */
    static ResponseInputStream<GetObjectResponse> dripping(
            ResponseInputStream<GetObjectResponse> full, long gapMillis) {
        return with(full, new Paced(full, DRIP_CHUNK, false, gapMillis));
    }

    private static ResponseInputStream<GetObjectResponse> with(
            ResponseInputStream<GetObjectResponse> full, InputStream body) {
        return new ResponseInputStream<>(full.response(), AbortableInputStream.create(body));
    }

    /** A body stream whose single-byte reads go through its array reads. */
    private abstract static class Altered extends FilterInputStream {
        Altered(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }
    }

    /** Flips bit 0 of the byte at {@code flipAt}. */
    private static final class Flipped extends Altered {
        private final long flipAt;
        private long position;

        Flipped(InputStream in, long flipAt) {
            super(in);
            this.flipAt = flipAt;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0 && flipAt >= position && flipAt < position + n) {
                b[off + (int) (flipAt - position)] ^= 1;
            }
            position += Math.max(n, 0);
            return n;
        }
    }

    /** Pauses {@code pauseMillis} at every multiple of {@code every} bytes (or at the first). */
    private static final class Paced extends Altered {
        private final long every;
        private final boolean once;
        private final long pauseMillis;
        private long position;
        private boolean paused;

        Paced(InputStream in, long every, boolean once, long pauseMillis) {
            super(in);
            this.every = Math.max(1, every);
            this.once = once;
            this.pauseMillis = pauseMillis;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (position > 0 && position % every == 0 && !(once && paused)) {
                pause();
                paused = true;
            }
            int n = super.read(b, off, (int) Math.min(len, every - position % every));
            position += Math.max(n, 0);
            return n;
        }

        private void pause() throws IOException {
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }
}
