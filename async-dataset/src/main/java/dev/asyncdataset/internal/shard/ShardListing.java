package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The objects of a set of shards: the shards, in name order under a prefix or in the order given,
 * and what is beside them. Where the store can list, the prefix is listed once, which gives every
 * shard's length and tells which sidecar indexes and which classes file exist; objects not in that
 * listing (a store that cannot list, a shard named in another folder) are asked for one by one. A
 * local store's locations are paths, with no query.
 */
final class ShardListing {

    private final ObjectStore store;
    private final Retrier retrier;
    private final String prefix;
    private final Map<String, StoredObject> listed;
    private final List<StoredObject> shards;

    private ShardListing(
            ObjectStore store,
            Retrier retrier,
            String prefix,
            Map<String, StoredObject> listed,
            List<StoredObject> shards) {
        this.store = store;
        this.retrier = retrier;
        this.prefix = prefix;
        this.listed = listed;
        this.shards = shards;
    }

    /**
     * Finds the shards {@code urls} names, each of which must exist, or (when {@code urls} is null)
     * every {@code .tar} directly under {@code prefix}, in {@code prefixListing} if given (which is
     * then not listed again), else in the prefix's listing.
     */
    static ShardListing of(
            ObjectStore store,
            String prefix,
            List<StoredObject> prefixListing,
            List<String> urls,
            Retrier retrier)
            throws IOException {
        Map<String, StoredObject> listed =
                prefixListing == null
                        ? list(store, prefix, retrier, urls == null)
                        : byUrl(prefixListing);
        ShardListing listing = new ShardListing(store, retrier, prefix, listed, List.of());
        List<StoredObject> shards = new ArrayList<>();
        if (urls == null) {
            listed.values().stream().filter(o -> o.url().endsWith(".tar")).forEach(shards::add);
        } else {
            for (String url : urls) {
                StoredObject shard = listing.find(url);
                if (shard == null) {
                    throw new IllegalArgumentException("no shard " + listing.shown(url));
                }
                shards.add(shard);
            }
        }
        if (shards.isEmpty()) {
            throw new IllegalArgumentException(listing.shown(prefix) + " holds no .tar shard");
        }
        return new ShardListing(store, retrier, prefix, listed, List.copyOf(shards));
    }

    /**
     * The listing of {@code prefix} by URL, or null if the store cannot list and the listing is not
     * {@code needed}.
     */
    private static Map<String, StoredObject> list(
            ObjectStore store, String prefix, Retrier retrier, boolean needed) throws IOException {
        try {
            return byUrl(StoredShards.call(store, prefix, retrier, () -> store.list(prefix)));
        } catch (UnsupportedOperationException e) {
            if (needed) {
                throw e;
            }
            return null;
        }
    }

    private static Map<String, StoredObject> byUrl(List<StoredObject> objects) {
        Map<String, StoredObject> listed = new TreeMap<>();
        objects.forEach(o -> listed.put(o.url(), o));
        return listed;
    }

    /** The shards, in shard order. */
    List<StoredObject> shards() {
        return shards;
    }

    /** The classes file beside the first shard. */
    String classesUrl() {
        return beside(shards.get(0).url(), ShardStore.CLASSES_FILE);
    }

    /**
     * The object at {@code url}: from the listing if it covers the folder of {@code url}, else as
     * the store says; null if it does not exist.
     */
    StoredObject find(String url) throws IOException {
        if (listed != null && beside(url, "").equals(listedFolder())) {
            return listed.get(url);
        }
        return StoredShards.call(store, url, retrier, () -> store.stat(url));
    }

    private String listedFolder() {
        return listed.isEmpty() ? prefix : beside(listed.keySet().iterator().next(), "");
    }

    /** {@code url} with {@code suffix} added to its path. */
    String withSuffix(String url, String suffix) {
        return LocalStore.is(store) ? url + suffix : Locations.withSuffix(url, suffix);
    }

    /** The location of {@code name} in the folder of {@code url}. */
    String beside(String url, String name) {
        return LocalStore.is(store)
                ? url.substring(0, url.lastIndexOf('/') + 1) + name
                : Locations.beside(url, name);
    }

    /** {@code url} for messages: a remote store's query replaced by {@code ?...}. */
    String shown(String url) {
        return LocalStore.is(store) ? url : Locations.shown(url);
    }
}
