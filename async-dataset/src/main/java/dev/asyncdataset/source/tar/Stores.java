package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.http.HttpObjectStore;
import dev.asyncdataset.store.StoreOpener;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table from a location's scheme to its store, through which the tar shard sources' builder and
 * the shard writer open what they read and write ({@code S3Source} and {@code S3SampleSource} take
 * an {@code s3://} URL of their own, the folder sources a {@code Path}):
 *
 * <table>
 *   <caption>Schemes</caption>
 *   <tr><th>location</th><th>store</th><th>can</th></tr>
 *   <tr><td>a path, {@code file:}</td><td>local files</td><td>list, read, write</td></tr>
 *   <tr><td>{@code s3://bucket/prefix}</td><td>S3 and S3-compatible (GCS XML API)</td>
 *       <td>list, read, write</td></tr>
 *   <tr><td>{@code http://}, {@code https://}</td><td>any HTTP server, with {@code Range} for
 *       random access</td><td>read</td></tr>
 *   <tr><td>a scheme given to {@link #register}</td><td>the user's {@link
 *       dev.asyncdataset.store.ObjectStore}</td><td>read</td></tr>
 * </table>
 */
public final class Stores {

    private static final Pattern SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*)://.*");
    private static final Map<String, Store> TABLE = new ConcurrentHashMap<>();
    private static final Set<String> BUILT_IN;

    static {
        Store http = new ObjectStores(HttpObjectStore::new);
        TABLE.put("file", FolderStore.INSTANCE);
        TABLE.put("s3", S3Store.INSTANCE);
        TABLE.put("http", http);
        TABLE.put("https", http);
        TABLE.put("az", new ObjectStores(dev.asyncdataset.store.azure.AzureStores::open));
        BUILT_IN = Set.copyOf(TABLE.keySet());
    }

    private Stores() {}

    /**
     * Makes {@code scheme://...} locations read tar shards from the stores {@code opener} opens
     * (one per source), with the library's retries, time budget and read-idle timeout around every
     * request.
     *
     * @param scheme letters, digits, {@code +}, {@code -} or {@code .}, starting with a letter; not
     *     {@code file}, {@code s3}, {@code http} or {@code https}
     * @param opener opens the store
     * @throws IllegalArgumentException if the scheme is malformed, built in or already registered
     */
    public static void register(String scheme, StoreOpener opener) {
        Objects.requireNonNull(opener, "opener");
        String name = Objects.requireNonNull(scheme, "scheme").toLowerCase(Locale.ROOT);
        if (!SCHEME.matcher(name + "://").matches() || BUILT_IN.contains(name)) {
            throw new IllegalArgumentException(
                    "not a scheme a store can be registered for: " + scheme);
        }
        if (TABLE.putIfAbsent(name, new ObjectStores(opener)) != null) {
            throw new IllegalArgumentException("scheme already registered: " + scheme);
        }
    }

    /** The store of {@code location}. */
    static Store of(String location) {
        String scheme = scheme(Objects.requireNonNull(location, "location"));
        Store store = TABLE.get(scheme);
        if (store == null) {
            throw new IllegalArgumentException(
                    "no store for scheme "
                            + scheme
                            + " (register one with Stores.register): "
                            + location);
        }
        return store;
    }

    /**
     * Tells whether {@code location} is in local files (a path or a {@code file:} URL) rather than
     * in a remote or registered store.
     *
     * @param location a data location
     * @return true if its store is the local files'
     */
    public static boolean isLocal(String location) {
        Store store = TABLE.get(scheme(Objects.requireNonNull(location, "location")));
        return store != null && store.isLocal();
    }

    /**
     * The scheme of a location, by which the table picks its store.
     *
     * @param location a data location
     * @return its scheme in lower case: {@code file} for a path or a {@code file:} URL
     */
    public static String scheme(String location) {
        Matcher m = SCHEME.matcher(location);
        return m.matches() ? m.group(1).toLowerCase(Locale.ROOT) : "file";
    }
}
