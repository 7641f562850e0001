package dev.asyncdataset.internal.store;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreSettings;
import java.io.IOException;

/** A provider of the library's whose stores take a setting of their own from the store options. */
public interface OptionsProvider {

    /**
     * Opens a store.
     *
     * @param options the store options of the source or writer that opens it
     * @param settings the timeouts and authorization made of them
     * @return the store
     * @throws IOException if it cannot be opened
     */
    ObjectStore open(StoreOptions options, StoreSettings settings) throws IOException;
}
