package dev.asyncdataset.source.tar;

import dev.asyncdataset.store.StoreOpener;

/**
 * The table from a location's scheme to its store.
 *
 * @deprecated moved to {@link dev.asyncdataset.store.Stores}; this class goes in the next release
 */
@Deprecated(forRemoval = true)
public final class Stores {

    private Stores() {}

    /**
     * Makes {@code scheme://...} locations read from the stores {@code opener} opens.
     *
     * @param scheme the scheme
     * @param opener opens the store
     * @deprecated call {@link dev.asyncdataset.store.Stores#register}
     */
    @Deprecated(forRemoval = true)
    public static void register(String scheme, StoreOpener opener) {
        dev.asyncdataset.store.Stores.register(scheme, opener);
    }

    /**
     * Tells whether {@code location} is in local files.
     *
     * @param location a data location
     * @return true if its store is the local files'
     * @deprecated call {@link dev.asyncdataset.store.Stores#isLocal}
     */
    @Deprecated(forRemoval = true)
    public static boolean isLocal(String location) {
        return dev.asyncdataset.store.Stores.isLocal(location);
    }

    /**
     * The scheme of a location.
     *
     * @param location a data location
     * @return its scheme in lower case
     * @deprecated call {@link dev.asyncdataset.store.Stores#scheme}
     */
    @Deprecated(forRemoval = true)
    public static String scheme(String location) {
        return dev.asyncdataset.store.Stores.scheme(location);
    }
}
