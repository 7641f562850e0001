package dev.asyncdataset.store;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/** The bytes of one read of an object, as they arrive. */
public final class StoredBody implements Closeable {

    private final InputStream stream;
    private final String identity;
    private final Checksum checksum;
    private final long length;

    /**
     * A body.
     *
     * @param stream the bytes; closing it from another thread makes a blocked read fail, which is
     *     how the library ends a body that stalls
     * @param identity the identity of the object read (an ETag), or null
     * @param checksum the store's check of the whole object's bytes, given with a read of the whole
     *     object by a store that has a checksum of its own, else null
     * @param length the bytes the body holds as the store announces them (a {@code
     *     Content-Length}), or -1 if it does not say: a whole object's read sizes its array by it,
     *     without asking the object's size first
     */
    public StoredBody(InputStream stream, String identity, Checksum checksum, long length) {
        this.stream = stream;
        this.identity = identity;
        this.checksum = checksum;
        this.length = length;
    }

    /**
     * A body whose length the store does not announce.
     *
     * @param stream the bytes
     * @param identity the identity of the object read, or null
     * @param checksum the store's check of the whole object's bytes, or null
     */
    public StoredBody(InputStream stream, String identity, Checksum checksum) {
        this(stream, identity, checksum, -1);
    }

    /**
     * A body the store has no checksum for and whose length it does not announce.
     *
     * @param stream the bytes
     * @param identity the identity of the object read, or null
     */
    public StoredBody(InputStream stream, String identity) {
        this(stream, identity, null, -1);
    }

    /**
     * Returns the bytes.
     *
     * @return the stream
     */
    public InputStream stream() {
        return stream;
    }

    /**
     * Returns the identity of the object read.
     *
     * @return its ETag, or null
     */
    public String identity() {
        return identity;
    }

    /**
     * Returns the store's check of the whole object's bytes.
     *
     * @return the check, or null
     */
    public Checksum checksum() {
        return checksum;
    }

    /**
     * Returns the bytes the body holds as the store announces them.
     *
     * @return the length, or -1 if the store does not say
     */
    public long length() {
        return length;
    }

    /** The store's check of the bytes of a whole object, read in one piece or resumed. */
    @FunctionalInterface
    public interface Checksum {

        /**
         * Checks the object's bytes.
         *
         * @param bytes an array starting with the object's bytes
         * @param length the object's length
         * @throws ChecksumMismatch if they are not the bytes the store holds
         */
        void verify(byte[] bytes, int length) throws ChecksumMismatch;
    }

    /** Closes the stream, dropping what was not read. */
    @Override
    public void close() throws IOException {
        stream.close();
    }
}
