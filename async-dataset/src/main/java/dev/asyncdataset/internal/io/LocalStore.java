package dev.asyncdataset.internal.io;

import dev.asyncdataset.store.ObjectStore;

/**
 * A store of local files, and the library's wrappers of stores, which say whether theirs is one:
 * read again, an object gives the same bytes and a read does not stall, so the library reads once,
 * without retries or timeouts; bytes that fail a check are a bad item at once, and a whole object
 * cut since it was listed gives the bytes it has. Any other store is remote.
 */
public interface LocalStore {

    /**
     * Whether this store reads local files.
     *
     * @return whether it does
     */
    boolean isLocal();

    /**
     * Whether {@code store} reads local files.
     *
     * @param store a store
     * @return true for the local files' store and the wrappers of it
     */
    static boolean is(ObjectStore store) {
        return store instanceof LocalStore local && local.isLocal();
    }
}
