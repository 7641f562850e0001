package dev.asyncdataset.store;

import java.io.IOException;

/** Opens the store of one scheme, once per source or writer that reads from it. */
@FunctionalInterface
public interface StoreOpener {

    /**
     * Opens a store.
     *
     * @param settings the timeouts and authorization the user set
     * @return the store
     * @throws IOException if it cannot be opened
     */
    ObjectStore open(StoreSettings settings) throws IOException;
}
