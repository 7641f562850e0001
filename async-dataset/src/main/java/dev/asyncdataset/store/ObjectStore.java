package dev.asyncdataset.store;

import java.io.IOException;
import java.util.List;

/**
 * What a shard source needs from a store of objects addressed by URL, and all a new store
 * implements: list a prefix (where the store can), the size and identity of one object, and one
 * read of an object or a byte range of it. The library adds the rest to every store alike: retries
 * within the retry budget, the read-idle timeout, first-contact configuration errors, CRC32C checks
 * of every sample and the shard index. A store registers its scheme with {@link Stores#register}. A
 * store that also writes implements {@link WritableStore}.
 *
 * <p>Failures: throw {@link RequestRejected} for an answer that will not change when asked again (a
 * 4xx status, a range the server does not honour); any other {@link IOException} (a reset, a
 * timeout, a 5xx status, a body cut short) is retried. Implementations must be thread-safe.
 */
public interface ObjectStore extends AutoCloseable {

    /**
     * Lists the objects directly under {@code prefix}, in name order.
     *
     * @param prefix a location ending with {@code /}
     * @return the objects, each with its full URL
     * @throws UnsupportedOperationException if the store cannot list (plain HTTP)
     * @throws IOException if the store fails
     */
    List<StoredObject> list(String prefix) throws IOException;

    /**
     * Lists every object under {@code prefix}, at any depth, in name order: the loose objects of a
     * folder of class folders or of samples.
     *
     * @param prefix a location ending with {@code /}
     * @return the objects, each with its full URL
     * @throws UnsupportedOperationException if the store cannot list (the default)
     * @throws IOException if the store fails
     */
    default List<StoredObject> listAll(String prefix) throws IOException {
        throw new UnsupportedOperationException("this store cannot list " + prefix);
    }

    /**
     * Returns the size and identity of the object at {@code url}.
     *
     * @param url the object's location
     * @return the object, or null if the store says it does not exist
     * @throws IOException if the store fails
     */
    StoredObject stat(String url) throws IOException;

    /**
     * Opens bytes {@code [offset, offset + length)} of the object at {@code url}, or the whole
     * object when {@code offset} is 0 and {@code length} is negative. A body shorter than asked is
     * found by the caller; a store that cannot serve a byte range throws {@link RequestRejected}
     * saying so (a whole object's read resumed after a failure midway then asks for the whole
     * object again, skipping the bytes it has). A resumed read compares the identity of the body
     * ({@link StoredBody#identity()}) with the one it began with, and starts over from the first
     * byte when they differ.
     *
     * @param url the object's location
     * @param offset the first byte
     * @param length the number of bytes, or -1 for the whole object
     * @return the body, which the caller closes
     * @throws IOException if the store fails
     */
    StoredBody open(String url, long offset, long length) throws IOException;

    /** Releases connections and clients. */
    @Override
    void close();
}
