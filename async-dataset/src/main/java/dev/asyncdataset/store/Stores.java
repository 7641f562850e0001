package dev.asyncdataset.store;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table from a location's scheme to its store, through which every source's builder and the
 * shard writer open what they read and write. Local files and S3 are the library's own; every other
 * scheme is opened by a {@link StoreProvider} found on the class path (the library's own HTTP(S),
 * Azure and Hub stores among them) or by a provider given to {@link #register}:
 *
 * <table>
 *   <caption>Schemes</caption>
 *   <tr><th>location</th><th>store</th><th>can</th></tr>
 *   <tr><td>a path, {@code file:}</td><td>local files</td><td>list, read, write</td></tr>
 *   <tr><td>{@code s3://bucket/prefix}</td><td>S3 and S3-compatible (GCS XML API)</td>
 *       <td>list, read, write</td></tr>
 *   <tr><td>{@code http://}, {@code https://}</td><td>any HTTP server, with {@code Range} for
 *       random access</td><td>read</td></tr>
 *   <tr><td>{@code az://container/prefix}, {@code
 *       https://<account>.blob.core.windows.net/container/prefix}</td><td>Azure Blob Storage,
 *       with the optional Azure SDK ({@code dev.asyncdataset.store.azure})</td><td>list,
 *       read, write</td></tr>
 *   <tr><td>{@code hf://datasets/org/name@revision/path}</td><td>a Hugging Face Hub dataset
 *       ({@code dev.asyncdataset.internal.store.hf})</td><td>list, read</td></tr>
 *   <tr><td>a scheme of a {@link StoreProvider} on the class path, or given to {@link
 *       #register}</td><td>the user's {@link ObjectStore}</td>
 *       <td>read; write if it is a {@link WritableStore}</td></tr>
 * </table>
 */
public final class Stores {

    private static final Pattern SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*)://.*");

    /** An Azure Blob Storage account's own URL, without a query (a SAS URL is plain HTTPS). */
    private static final Pattern AZURE_ACCOUNT =
            Pattern.compile(
                    "https://[a-z0-9]{3,24}\\.blob\\.core\\.windows\\.net/[^?]*",
                    Pattern.CASE_INSENSITIVE);

    /** The scheme of local files: a path or a {@code file:} URL. */
    public static final String FILE = "file";

    /** The scheme of S3 and S3-compatible stores. */
    public static final String S3 = "s3";

    /** The scheme of plain HTTP servers. */
    public static final String HTTP = "http";

    /** The scheme of HTTPS servers (an Azure account's own URL without a query is {@link #AZ}). */
    public static final String HTTPS = "https";

    /** The scheme of Azure Blob Storage. */
    public static final String AZ = "az";

    /** The scheme of Hugging Face Hub datasets. */
    public static final String HF = "hf";

    /** The schemes of the library's stores that no provider opens: local files and S3. */
    private static final Set<String> LIBRARY = Set.of(FILE, S3);

    private static final Map<String, StoreProvider> REGISTERED = new ConcurrentHashMap<>();

    /** The providers on the class path, each scheme's, found on first use. */
    private static volatile Map<String, StoreProvider> provided;

    private Stores() {}

    private static Map<String, StoreProvider> provided() {
        Map<String, StoreProvider> found = provided;
        if (found == null) {
            found = bySchemes(ServiceLoader.load(StoreProvider.class));
            provided = found;
        }
        return found;
    }

    /**
     * Each scheme's provider among {@code providers}.
     *
     * @throws IllegalStateException if a scheme is malformed, the library's own, or given twice
     */
    static Map<String, StoreProvider> bySchemes(Iterable<StoreProvider> providers) {
        Map<String, StoreProvider> found = new HashMap<>();
        for (StoreProvider provider : providers) {
            if (provider.schemes().isEmpty()) {
                throw new IllegalStateException(
                        "a store provider on the class path names no scheme: "
                                + provider.getClass().getName());
            }
            for (String scheme : provider.schemes()) {
                String name = checked(scheme, provider);
                StoreProvider other = found.putIfAbsent(name, provider);
                if (other != null) {
                    throw new IllegalStateException(
                            "two store providers for scheme "
                                    + name
                                    + ": "
                                    + other.getClass().getName()
                                    + " and "
                                    + provider.getClass().getName());
                }
            }
        }
        return Map.copyOf(found);
    }

    private static String checked(String scheme, StoreProvider provider) {
        String name = Objects.requireNonNull(scheme, "scheme").toLowerCase(Locale.ROOT);
        if (!SCHEME.matcher(name + "://").matches() || LIBRARY.contains(name)) {
            throw new IllegalStateException(
                    "not a scheme a store can be provided for: "
                            + scheme
                            + " ("
                            + provider.getClass().getName()
                            + ")");
        }
        return name;
    }

    /**
     * Makes {@code scheme://...} locations read tar shards and Parquet files from the stores {@code
     * provider} opens (one per source), with the library's retries, time budget and read-idle
     * timeout around every request; a store that is a {@link WritableStore} also takes the shard
     * writer's output.
     *
     * @param scheme letters, digits, {@code +}, {@code -} or {@code .}, starting with a letter; not
     *     {@code file}, {@code s3} nor a scheme a {@link StoreProvider} on the class path gives
     *     ({@code http}, {@code https}, {@code az} and {@code hf} among them)
     * @param provider opens the store; its {@code schemes()} are not read
     * @throws IllegalArgumentException if the scheme is malformed, provided or already registered
     */
    public static void register(String scheme, StoreProvider provider) {
        Objects.requireNonNull(provider, "provider");
        String name = Objects.requireNonNull(scheme, "scheme").toLowerCase(Locale.ROOT);
        if (!SCHEME.matcher(name + "://").matches()
                || LIBRARY.contains(name)
                || provided().containsKey(name)) {
            throw new IllegalArgumentException(
                    "not a scheme a store can be registered for: " + scheme);
        }
        if (REGISTERED.putIfAbsent(name, provider) != null) {
            throw new IllegalArgumentException("scheme already registered: " + scheme);
        }
    }

    /**
     * Returns the provider of {@code scheme}: the {@link StoreProvider} on the class path that
     * gives it, else the one {@link #register} was given.
     *
     * @param scheme a scheme, in any case
     * @return its provider, or empty for local files, S3 and a scheme neither provided nor
     *     registered
     */
    public static Optional<StoreProvider> registered(String scheme) {
        String name = Objects.requireNonNull(scheme, "scheme").toLowerCase(Locale.ROOT);
        StoreProvider provided = provided().get(name);
        return Optional.ofNullable(provided != null ? provided : REGISTERED.get(name));
    }

    /**
     * The scheme of a location, by which the table picks its store.
     *
     * @param location a data location
     * @return its scheme in lower case: {@code file} for a path or a {@code file:} URL, {@code az}
     *     for {@code https://<account>.blob.core.windows.net/<container>/<path>} without a query
     *     (with one, a SAS, it is read as plain HTTPS)
     */
    public static String scheme(String location) {
        Matcher m = SCHEME.matcher(Objects.requireNonNull(location, "location"));
        if (!m.matches()) {
            return FILE;
        }
        return AZURE_ACCOUNT.matcher(location).matches() ? AZ : m.group(1).toLowerCase(Locale.ROOT);
    }
}
