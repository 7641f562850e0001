package dev.asyncdataset.store;

import java.io.IOException;
import java.util.Set;

/**
 * The stores of one or more schemes, found on the class path through {@link
 * java.util.ServiceLoader}: a jar that lists its provider's class name in {@code
 * META-INF/services/dev.asyncdataset.store.StoreProvider} makes its schemes' locations readable by
 * every source and writer, as the library's own stores are, with no call to {@link Stores}.
 */
@FunctionalInterface
public interface StoreProvider {

    /**
     * Opens a store, once per source or writer that reads from it.
     *
     * @param settings the timeouts and authorization the user set
     * @return the store
     * @throws IOException if it cannot be opened
     */
    ObjectStore open(StoreSettings settings) throws IOException;

    /**
     * Returns the schemes whose locations this provider's stores read, by which {@link
     * java.util.ServiceLoader} finds it; a provider given to {@link Stores#register} with its
     * scheme may name none (the default).
     *
     * @return letters, digits, {@code +}, {@code -} or {@code .}, each starting with a letter; not
     *     {@code file} or {@code s3}, nor a scheme another provider gives
     */
    default Set<String> schemes() {
        return Set.of();
    }
}
