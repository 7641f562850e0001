package dev.asyncdataset.examples.bench;

import java.io.IOException;
import java.security.DigestException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Body arrays reused from GET to GET, each with its own MD5 digest, for the candidates of {@link
 * FetchCpuBenchmark} that read a body straight into an array they keep: a GET takes a slot, fills
 * its array, checks it against the ETag as {@code FolderSource} over {@code s3://} does, and gives
 * the slot back. The loader's fetches are one virtual thread per item, so a shared free list, not a
 * thread-local, is what reuses arrays across them; it never holds more slots than GETs were ever in
 * flight at once.
 */
final class ReusedBodies {

    private static final int MD5_BYTES = 16;

    private final ConcurrentLinkedQueue<Slot> free = new ConcurrentLinkedQueue<>();

    /** A free slot, or a new one if every slot is in use. */
    Slot take() {
        Slot slot = free.poll();
        return slot != null ? slot : new Slot();
    }

    /** Makes {@code slot} free again; its array may be overwritten by the next GET at once. */
    void give(Slot slot) {
        free.offer(slot);
    }

    /** One reused array with the digest that checks it. */
    static final class Slot {

        private final MessageDigest md5 = newMd5();
        private final byte[] actual = new byte[MD5_BYTES];
        private byte[] array = new byte[0];

        /** The array, grown (once, for the benchmark's fixed-size objects) to hold {@code n}. */
        byte[] array(int n) {
            if (array.length < n) {
                array = new byte[n];
            }
            return array;
        }

        /**
         * Throws if the array's first {@code length} bytes are not the MD5 that {@code etag} (32
         * hex digits, quoted or not) names: the benchmark's objects are single-part uploads without
         * an additional checksum, so each has one.
         */
        void check(String key, int length, String etag) throws IOException {
            String hex = etag == null ? "" : etag.replace("\"", "");
            if (hex.length() != 2 * MD5_BYTES) {
                throw new IOException(key + ": no MD5 ETag: " + etag);
            }
            md5.update(array, 0, length);
            try {
                md5.digest(actual, 0, MD5_BYTES);
            } catch (DigestException e) {
                throw new IllegalStateException("an MD5 is 16 bytes", e);
            }
            if (!MessageDigest.isEqual(actual, HexFormat.of().parseHex(hex))) {
                throw new IOException(key + ": body does not match its ETag " + etag);
            }
        }
    }

    private static MessageDigest newMd5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
    }
}
