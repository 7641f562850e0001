package dev.asyncdataset.source.parquet;

import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.shard.BracePattern;
import dev.asyncdataset.internal.store.StoreTable;
import java.util.List;

/**
 * The Parquet files a location names: one file ({@code .../train-00000.parquet}), a brace pattern
 * as the last segment ({@code .../train-{00000..00009}.parquet}), or a folder or prefix ending with
 * {@code /} (every {@code .parquet} directly in it, where the store can list), with the query of a
 * remote store's URL (a SAS or signature) kept on every file's URL; a local path has no query.
 *
 * @param prefix the location the files are in, ending with {@code /}, with the query if any
 * @param urls the files' locations in order, or null for every file in {@code prefix}
 */
record ParquetLocations(String prefix, List<String> urls) {

    /** The name every Parquet file of a listed prefix ends with. */
    static final String SUFFIX = ".parquet";

    static ParquetLocations parse(String location) {
        int query =
                StoreTable.isLocal(location) ? location.length() : Locations.queryStart(location);
        String path = location.substring(0, query);
        String tail = location.substring(query);
        if (path.endsWith("/")) {
            return new ParquetLocations(location, null);
        }
        int slash = path.lastIndexOf('/');
        String folder = path.substring(0, slash + 1);
        String last = path.substring(slash + 1);
        List<String> names =
                BracePattern.isPattern(last) ? BracePattern.expand(last) : List.of(last);
        return new ParquetLocations(
                folder + tail, names.stream().map(name -> folder + name + tail).toList());
    }

    /** Files named one by one, all in one store. */
    static ParquetLocations of(List<String> urls) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("the list names no Parquet file");
        }
        StoreTable.checkOneStore(urls, "files");
        return new ParquetLocations(Locations.beside(urls.get(0), ""), List.copyOf(urls));
    }
}
