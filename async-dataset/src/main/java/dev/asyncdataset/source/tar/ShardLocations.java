package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.shard.BracePattern;
import dev.asyncdataset.internal.store.StoreTable;
import java.util.List;

/**
 * The shards a location names: a folder or prefix (every {@code .tar} directly in it), or either
 * followed by a shard name or a WebDataset brace pattern as its last segment, with the query of an
 * HTTP(S) URL (a SAS or signature) kept on every shard's URL.
 *
 * @param prefix the location the shards are in, ending with {@code /} (empty for the working
 *     folder), with the query if any
 * @param urls the shards' locations in pattern order, or null for every shard in {@code prefix}
 */
record ShardLocations(String prefix, List<String> urls) {

    static ShardLocations parse(String location) {
        boolean local = Locations.isLocal(location);
        int query = local ? location.length() : Locations.queryStart(location);
        String path = location.substring(0, query);
        String tail = location.substring(query);
        int slash = path.lastIndexOf('/');
        String last = path.substring(slash + 1);
        if (!BracePattern.isPattern(last) && !last.endsWith(".tar")) {
            return new ShardLocations(path.endsWith("/") ? location : path + "/" + tail, null);
        }
        String folder = path.substring(0, slash + 1);
        List<String> urls =
                BracePattern.expand(last).stream().map(name -> folder + name + tail).toList();
        return new ShardLocations(folder + tail, urls);
    }

    /** The shards of a list of locations, all in one store, the classes file beside the first. */
    static ShardLocations of(List<String> urls) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("the list names no shard");
        }
        StoreTable.checkOneStore(urls, "shards");
        return new ShardLocations(Locations.beside(urls.get(0), ""), List.copyOf(urls));
    }
}
