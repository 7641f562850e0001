package dev.asyncdataset.internal.store.azure;

import dev.asyncdataset.internal.store.OptionsProvider;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreProvider;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.azure.AzureCredentials;
import java.util.Set;

/**
 * The {@code az://} store of the scheme table, with the credentials of the store options ({@link
 * StoreOptions#azure()}), else of the environment ({@link AzureCredentials#fromEnvironment}). It
 * names no class of the Azure SDK, so that it loads without it: only opening a store needs it, and
 * the table checks for it first, so that the error says which dependencies to add.
 */
public final class AzureStoreProvider implements StoreProvider, OptionsProvider {

    /** Makes the provider the {@link java.util.ServiceLoader} finds. */
    public AzureStoreProvider() {}

    @Override
    public Set<String> schemes() {
        return Set.of("az");
    }

    @Override
    public ObjectStore open(StoreSettings settings) {
        return AzureBlobStore.builder().setSettings(settings).build();
    }

    @Override
    public ObjectStore open(StoreOptions options, StoreSettings settings) {
        AzureBlobStoreBuilder builder = AzureBlobStore.builder().setSettings(settings);
        if (options.azure() != null) {
            builder.optCredentials(options.azure());
        }
        return builder.build();
    }
}
