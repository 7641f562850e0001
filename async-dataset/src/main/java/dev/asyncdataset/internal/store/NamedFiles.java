package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.shard.BracePattern;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The files a location names, for the sources that read whole files of one kind (Parquet, JSON
 * Lines): one file ({@code .../train-00000.parquet}), a brace pattern as the last segment ({@code
 * .../train-{00000..00009}.parquet}), a folder or prefix ending with {@code /} (every file directly
 * in it that the kind's glob matches, where the store can list), or a glob as the last segment
 * ({@code .../train/*.parquet}: the files directly in that folder whose names match, {@code *}
 * standing for any characters but {@code /}), with the query of a remote store's URL (a SAS or
 * signature) kept on every file's URL; a local path has no query.
 *
 * @param prefix the location the files are in, ending with {@code /}, with the query if any
 * @param urls the files' locations in order, or null for the files of {@code prefix} that {@code
 *     glob} matches
 * @param glob the names of the files of a listed prefix, null when {@code urls} names them
 */
public record NamedFiles(String prefix, List<String> urls, String glob) {

    /**
     * The files {@code location} names.
     *
     * @param folderGlob the names of the files a folder holds, such as {@code *.parquet}
     */
    public static NamedFiles parse(String location, String folderGlob) {
        int query =
                Locations.isLocal(location) ? location.length() : Locations.queryStart(location);
        String path = location.substring(0, query);
        String tail = location.substring(query);
        if (path.endsWith("/")) {
            return new NamedFiles(location, null, folderGlob);
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
            return new NamedFiles(folder + tail, null, last);
        }
        List<String> names =
                BracePattern.isPattern(last) ? BracePattern.expand(last) : List.of(last);
        return new NamedFiles(
                folder + tail, names.stream().map(name -> folder + name + tail).toList(), null);
    }

    /** Whether the listed object at {@code path} (without a query) is one of the files named. */
    public Predicate<String> listedNames() {
        StringBuilder regex = new StringBuilder();
        for (String part : glob.split("\\*", -1)) {
            regex.append(regex.isEmpty() ? "" : "[^/]*").append(Pattern.quote(part));
        }
        Pattern names = Pattern.compile(regex.toString());
        return path -> names.matcher(path.substring(path.lastIndexOf('/') + 1)).matches();
    }

    /**
     * Files named one by one, all in one store.
     *
     * @param what the kind of file, for the message of an empty list
     */
    public static NamedFiles of(List<String> urls, String what) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("the list names no " + what + " file");
        }
        StoreTable.checkOneStore(urls, "files");
        return new NamedFiles(Locations.beside(urls.get(0), ""), List.copyOf(urls), null);
    }

    /**
     * Opens the files in the store the table of stores finds by the location's scheme (local files,
     * S3, HTTP(S), Azure, a registered scheme), read through {@link StoredShards}, which adds the
     * retries within the retry budget, the read-idle and request timeouts and first-contact
     * configuration errors to every read of a remote store, and reads local files once; the store
     * is closed if that fails.
     *
     * @throws IllegalArgumentException if no store reads the location, or it names no file
     * @throws IOException if the store fails, or cannot list a prefix
     */
    public ShardStore open(StoreAccess access) throws IOException {
        OpenedStore store = StoreTable.of(prefix).open(access);
        if (urls != null) {
            return store.shards(prefix, urls, access);
        }
        List<StoredObject> listing;
        List<String> named;
        try {
            listing =
                    StoredShards.call(
                            store.objects(),
                            prefix,
                            store.retrier(),
                            () -> store.objects().list(prefix));
            named = named(store, listing);
        } catch (IOException | RuntimeException e) {
            store.objects().close();
            throw e;
        }
        return store.shards(prefix, listing, named, access);
    }

    /** The files of {@code objects}, the prefix's listing, that the glob names, in name order. */
    private List<String> named(OpenedStore store, List<StoredObject> objects) {
        Predicate<String> named = listedNames();
        List<String> found = new ArrayList<>();
        for (StoredObject o : objects) {
            String path =
                    LocalStore.is(store.objects())
                            ? o.url()
                            : o.url().substring(0, Locations.queryStart(o.url()));
            if (named.test(path)) {
                found.add(o.url());
            }
        }
        if (found.isEmpty()) {
            throw new IllegalArgumentException(
                    Locations.shown(prefix) + " holds no file named " + glob);
        }
        return found;
    }
}
