package dev.asyncdataset.internal.store;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreProvider;
import dev.asyncdataset.store.StoreSettings;
import java.util.Set;

/** The {@code http://} and {@code https://} stores of the scheme table: URLs read as they are. */
public final class HttpStoreProvider implements StoreProvider {

    /** Makes the provider the {@link java.util.ServiceLoader} finds. */
    public HttpStoreProvider() {}

    @Override
    public Set<String> schemes() {
        return Set.of("http", "https");
    }

    @Override
    public ObjectStore open(StoreSettings settings) {
        return HttpUrls.open(settings);
    }
}
