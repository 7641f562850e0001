package dev.asyncdataset.store;

import java.util.Set;

/**
 * The stores of one or more schemes, found on the class path through {@link
 * java.util.ServiceLoader}: a jar that lists its provider's class name in {@code
 * META-INF/services/dev.asyncdataset.store.StoreProvider} makes its schemes' locations readable by
 * every source and writer, as the library's own stores are, with no call to {@link Stores}.
 */
public interface StoreProvider extends StoreOpener {

    /**
     * Returns the schemes whose locations this provider's stores read.
     *
     * @return letters, digits, {@code +}, {@code -} or {@code .}, each starting with a letter; not
     *     {@code file} or {@code s3}, nor a scheme another provider gives
     */
    Set<String> schemes();
}
