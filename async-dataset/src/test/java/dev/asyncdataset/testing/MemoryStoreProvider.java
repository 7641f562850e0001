package dev.asyncdataset.testing;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreProvider;
import dev.asyncdataset.store.StoreSettings;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A store in memory for {@code provided-mem://} locations, named in this module's test {@code
 * META-INF/services/dev.asyncdataset.store.StoreProvider} and so found with no call to a registry.
 */
public final class MemoryStoreProvider implements StoreProvider {

    /** The scheme of the provided store. */
    public static final String SCHEME = "provided-mem";

    /** The objects of every store opened, by URL; tests put theirs here. */
    public static final Map<String, byte[]> OBJECTS = new ConcurrentSkipListMap<>();

    /** Makes the provider the {@link java.util.ServiceLoader} finds. */
    public MemoryStoreProvider() {}

    @Override
    public Set<String> schemes() {
        return Set.of(SCHEME);
    }

    @Override
    public ObjectStore open(StoreSettings settings) {
        return new MemoryStore(OBJECTS);
    }
}
