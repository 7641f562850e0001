package dev.asyncdataset.internal.shard;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredBody;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * Reads of a local store ({@link dev.asyncdataset.internal.io.LocalStore}): once, with no retries
 * or timeouts, straight into the caller's array.
 */
final class LocalReads {

    /**
     * The most bytes of one read of a whole object, so that the channel's temporary direct buffer
     * (kept per carrier thread by the JDK) stays that small.
     */
    static final int CHUNK = 1 << 20;

    private LocalReads() {}

    /** Reads exactly {@code length} bytes of {@code url} from {@code offset} into {@code bytes}. */
    static byte[] range(ObjectStore store, String url, long offset, byte[] bytes, int length)
            throws IOException {
        try (StoredBody body = store.open(url, offset, length)) {
            int n = body.stream().readNBytes(bytes, 0, length);
            if (n < length) {
                throw new EOFException(
                        url + " ends before byte " + (offset + length) + " (" + (offset + n) + ")");
            }
        }
        return bytes;
    }

    /**
     * Reads {@code url} as it is now into the start of {@code into}, up to {@code length} bytes: a
     * file cut since it was listed gives fewer.
     *
     * @return the bytes read
     */
    static int whole(ObjectStore store, String url, byte[] into, int length) throws IOException {
        try (StoredBody body = store.open(url, 0, -1)) {
            return drain(body.stream(), into, length);
        }
    }

    /**
     * Reads {@code url} as it is now into an array of {@code arrays} as long as its body announces
     * (given back if the read fails): a file cut meanwhile gives fewer bytes.
     *
     * @return a heap buffer over the array, limit the bytes read
     */
    static ByteBuffer whole(ObjectStore store, String url, WholeReads.Into arrays)
            throws IOException {
        try (StoredBody body = store.open(url, 0, -1)) {
            long length = WholeReads.announced(store, url, body);
            byte[] into = arrays.take(length);
            try {
                return ByteBuffer.wrap(into, 0, drain(body.stream(), into, (int) length));
            } catch (IOException | RuntimeException | Error e) {
                arrays.give(into);
                throw e;
            }
        }
    }

    /**
     * Reads {@code in} into {@code into} up to {@code length} bytes or its end; returns the count.
     */
    private static int drain(InputStream in, byte[] into, int length) throws IOException {
        int at = 0;
        while (at < length) {
            int n = in.read(into, at, Math.min(CHUNK, length - at));
            if (n < 0) {
                break;
            }
            at += n;
        }
        return at;
    }
}
