package dev.asyncdataset.internal.store.hf;

import dev.asyncdataset.internal.store.OptionsProvider;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreProvider;
import dev.asyncdataset.store.StoreSettings;
import java.util.Set;

/**
 * The {@code hf://} store of the scheme table: the endpoint of {@link StoreOptions#hubEndpoint()},
 * else {@value HubStore#ENDPOINT_ENV} or {@value HubStore#DEFAULT_ENDPOINT}, and the token as
 * {@link HubStoreBuilder#build} finds it.
 */
public final class HubStoreProvider implements StoreProvider, OptionsProvider {

    /** Makes the provider the {@link java.util.ServiceLoader} finds. */
    public HubStoreProvider() {}

    @Override
    public Set<String> schemes() {
        return Set.of("hf");
    }

    @Override
    public ObjectStore open(StoreSettings settings) {
        return HubStore.builder().setSettings(settings).build();
    }

    @Override
    public ObjectStore open(StoreOptions options, StoreSettings settings) {
        HubStoreBuilder builder = HubStore.builder().setSettings(settings);
        if (options.hubEndpoint() != null) {
            builder.optEndpoint(options.hubEndpoint());
        }
        return builder.build();
    }
}
