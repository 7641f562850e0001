package dev.asyncdataset.source.parquet;

import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.shard.BracePattern;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.store.Stores;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The Parquet files a location names: one file ({@code .../train-00000.parquet}), a brace pattern
 * as the last segment ({@code .../train-{00000..00009}.parquet}), a folder or prefix ending with
 * {@code /} (every {@code .parquet} directly in it, where the store can list), or a glob as the
 * last segment ({@code .../train/*.parquet}: the files directly in that folder whose names match,
 * {@code *} standing for any characters but {@code /}), with the query of a remote store's URL (a
 * SAS or signature) kept on every file's URL; a local path has no query.
 *
 * @param prefix the location the files are in, ending with {@code /}, with the query if any
 * @param urls the files' locations in order, or null for the files of {@code prefix} that {@code
 *     glob} matches
 * @param glob the names of the files of a listed prefix, null when {@code urls} names them
 */
record ParquetLocations(String prefix, List<String> urls, String glob) {

    /** The name every Parquet file of a listed prefix ends with. */
    static final String SUFFIX = ".parquet";

    static ParquetLocations parse(String location) {
        int query = Stores.isLocal(location) ? location.length() : Locations.queryStart(location);
        String path = location.substring(0, query);
        String tail = location.substring(query);
        if (path.endsWith("/")) {
            return new ParquetLocations(location, null, "*" + SUFFIX);
        }
        int slash = path.lastIndexOf('/');
        String folder = path.substring(0, slash + 1);
        String last = path.substring(slash + 1);
        if (folder.indexOf('*') >= 0 || last.contains("**")) {
            throw new IllegalArgumentException(
                    "a '*' may only stand in the last segment, for the names of one folder: "
                            + Locations.shown(location));
        }
        if (last.indexOf('*') >= 0) {
            return new ParquetLocations(folder + tail, null, last);
        }
        List<String> names =
                BracePattern.isPattern(last) ? BracePattern.expand(last) : List.of(last);
        return new ParquetLocations(
                folder + tail, names.stream().map(name -> folder + name + tail).toList(), null);
    }

    /** Whether the listed object at {@code path} (without a query) is one of the files named. */
    Predicate<String> listedNames() {
        StringBuilder regex = new StringBuilder();
        for (String part : glob.split("\\*", -1)) {
            regex.append(regex.isEmpty() ? "" : "[^/]*").append(Pattern.quote(part));
        }
        Pattern names = Pattern.compile(regex.toString());
        return path -> names.matcher(path.substring(path.lastIndexOf('/') + 1)).matches();
    }

    /** Files named one by one, all in one store. */
    static ParquetLocations of(List<String> urls) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("the list names no Parquet file");
        }
        StoreTable.checkOneStore(urls, "files");
        return new ParquetLocations(Locations.beside(urls.get(0), ""), List.copyOf(urls), null);
    }
}
