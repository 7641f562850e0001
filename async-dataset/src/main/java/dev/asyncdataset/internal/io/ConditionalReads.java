package dev.asyncdataset.internal.io;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredBody;
import java.io.IOException;

/**
 * A store that can make a read conditional on the identity the read began with (S3's and Azure's
 * {@code If-Match}), and the library's wrappers of stores, which pass the condition on. Any other
 * store is read unconditionally, and the caller compares the body's identity.
 */
public interface ConditionalReads {

    /**
     * Opens a byte range as {@link ObjectStore#open} does, of the object whose identity is {@code
     * identity} only: the rest of a whole object's read resumed after a failure.
     *
     * @param url the object's location
     * @param offset the first byte
     * @param length the number of bytes
     * @param identity the identity of the object the read began with, or null for any
     * @return the body, which the caller closes
     * @throws ObjectChanged if the object has another identity now
     * @throws IOException if the store fails
     */
    StoredBody openIfMatch(String url, long offset, long length, String identity)
            throws IOException;

    /**
     * Opens a byte range of {@code store}'s object at {@code url}, on condition that its identity
     * is {@code identity} where the store can make a read conditional, unconditionally elsewhere.
     *
     * @param store the store
     * @param url the object's location
     * @param offset the first byte
     * @param length the number of bytes
     * @param identity the identity of the object the read began with
     * @return the body, which the caller closes
     * @throws IOException if the store fails
     */
    static StoredBody open(ObjectStore store, String url, long offset, long length, String identity)
            throws IOException {
        return store instanceof ConditionalReads conditional
                ? conditional.openIfMatch(url, offset, length, identity)
                : store.open(url, offset, length);
    }
}
