package dev.asyncdataset.store.azure;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreSettings;

/**
 * Opens the {@code az://} store of the scheme table, with the credentials of the environment. It
 * names no class of the Azure SDK, so that the table loads without it: only opening a store needs
 * it, and the table checks for it first, so that the error says which dependencies to add.
 */
public final class AzureStores {

    private AzureStores() {}

    /**
     * Opens a store with {@code settings} and the environment's credentials ({@link
     * AzureCredentials#fromEnvironment}).
     *
     * @param settings the settings of the source or writer that opens the store
     * @return the store
     * @throws IllegalStateException if the environment has no credentials
     */
    public static ObjectStore open(StoreSettings settings) {
        return AzureBlobStore.builder().setSettings(settings).build();
    }
}
