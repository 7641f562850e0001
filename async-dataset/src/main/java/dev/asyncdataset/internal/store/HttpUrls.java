package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.store.http.HttpLocations;
import dev.asyncdataset.internal.store.http.HttpObjectStore;
import dev.asyncdataset.store.StoreSettings;

/**
 * The locations of the {@code http} and {@code https} schemes: URLs read as they are, named in
 * messages without their query, which may hold a signature ({@link Locations#shown}).
 */
public enum HttpUrls implements HttpLocations {
    /** The one instance. */
    INSTANCE;

    /** Opens the HTTP(S) store of these locations. */
    public static HttpObjectStore open(StoreSettings settings) {
        return new HttpObjectStore(settings, INSTANCE);
    }

    @Override
    public String url(String location) {
        return location;
    }

    @Override
    public String shown(String location) {
        return Locations.shown(location);
    }
}
