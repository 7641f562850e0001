package dev.asyncdataset.internal.store.azure;

import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.azure.AzureCredentials;
import java.util.Objects;

/**
 * Builds an {@link AzureBlobStore}: what it is opened with, its credentials and its listing page.
 */
public final class AzureBlobStoreBuilder {

    private StoreSettings settings;
    private AzureCredentials credentials;
    private int pageSize = AzureBlobStore.MAX_PAGE_SIZE;

    AzureBlobStoreBuilder() {}

    /**
     * Sets the timeouts the store is opened with (required).
     *
     * @param settings the settings of the source or writer that opens the store
     * @return this builder
     */
    public AzureBlobStoreBuilder setSettings(StoreSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        return this;
    }

    /**
     * Sets the credentials; by default those of the environment.
     *
     * @param credentials the account's credentials
     * @return this builder
     */
    public AzureBlobStoreBuilder optCredentials(AzureCredentials credentials) {
        this.credentials = Objects.requireNonNull(credentials, "credentials");
        return this;
    }

    /**
     * Sets how many blobs a page of a listing asks for; by default {@link
     * AzureBlobStore#MAX_PAGE_SIZE}.
     *
     * @param pageSize 1 to {@link AzureBlobStore#MAX_PAGE_SIZE}
     * @return this builder
     */
    public AzureBlobStoreBuilder optPageSize(int pageSize) {
        if (pageSize < 1 || pageSize > AzureBlobStore.MAX_PAGE_SIZE) {
            throw new IllegalArgumentException(
                    "pageSize not in 1.." + AzureBlobStore.MAX_PAGE_SIZE + ": " + pageSize);
        }
        this.pageSize = pageSize;
        return this;
    }

    /**
     * Builds the store.
     *
     * @return the store
     * @throws IllegalStateException if no settings were set, or no credentials were set and the
     *     environment has none
     */
    public AzureBlobStore build() {
        if (settings == null) {
            throw new IllegalStateException("setSettings is required");
        }
        if (credentials == null) {
            credentials = AzureCredentials.fromEnvironment();
        }
        return new AzureBlobStore(settings, credentials, pageSize);
    }
}
