package dev.asyncdataset.internal.io;

import dev.asyncdataset.store.Stores;

/**
 * Names beside a shard's URL, keeping its query (an Azure SAS, a signed URL): {@code
 * https://a/b/s-0.tar?sig} has its index at {@code https://a/b/s-0.tar.idx?sig} and its classes
 * file at {@code https://a/b/classes.txt?sig}.
 */
public final class Locations {

    private Locations() {}

    /**
     * Tells whether {@code location} is in local files (a path or a {@code file:} URL).
     *
     * @param location a data location
     * @return true if its store is the local files'
     */
    public static boolean isLocal(String location) {
        return Stores.scheme(location).equals(Stores.FILE);
    }

    /** {@code url} with {@code suffix} added to its path. */
    public static String withSuffix(String url, String suffix) {
        int query = queryStart(url);
        return url.substring(0, query) + suffix + url.substring(query);
    }

    /** The URL of {@code name} in the folder of {@code url}. */
    public static String beside(String url, String name) {
        int query = queryStart(url);
        int slash = url.lastIndexOf('/', query - 1);
        return url.substring(0, slash + 1) + name + url.substring(query);
    }

    /** {@code url} for messages: its query, if any, replaced by {@code ?...}. */
    public static String shown(String url) {
        int query = queryStart(url);
        return query == url.length() ? url : url.substring(0, query) + "?...";
    }

    /** Where {@code url}'s query starts, or its length if it has none. */
    public static int queryStart(String url) {
        int query = url.indexOf('?');
        return query < 0 ? url.length() : query;
    }
}
