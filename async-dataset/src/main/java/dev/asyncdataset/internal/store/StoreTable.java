package dev.asyncdataset.internal.store;

import dev.asyncdataset.store.StoreOpener;
import dev.asyncdataset.store.azure.AzureStores;
import dev.asyncdataset.store.hf.HubStore;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table from a location's scheme to its kind of store: local files for a path or {@code file:},
 * {@code s3}, {@code http}, {@code https}, {@code az} (and an Azure account's own {@code https}
 * URL, by its host), {@code hf}, and the schemes users register.
 */
public final class StoreTable {

    private static final Pattern SCHEME = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*)://.*");

    /** An Azure Blob Storage account's own URL, without a query (a SAS URL is plain HTTPS). */
    private static final Pattern AZURE_ACCOUNT =
            Pattern.compile(
                    "https://[a-z0-9]{3,24}\\.blob\\.core\\.windows\\.net/[^?]*",
                    Pattern.CASE_INSENSITIVE);

    private static final Map<String, StoreKind> TABLE = new ConcurrentHashMap<>();
    private static final Set<String> BUILT_IN;

    static {
        StoreKind http = StoreKind.of(HttpUrls::open);
        TABLE.put("file", StoreKind.FILES);
        TABLE.put("s3", StoreKind.S3);
        TABLE.put("http", http);
        TABLE.put("https", http);
        TABLE.put("az", StoreKind.of(AzureStores::open));
        TABLE.put("hf", StoreKind.of(HubStore::open));
        BUILT_IN = Set.copyOf(TABLE.keySet());
    }

    private StoreTable() {}

    /**
     * Makes {@code scheme://...} locations read from the stores {@code opener} opens.
     *
     * @throws IllegalArgumentException if the scheme is malformed, built in or already registered
     */
    public static void register(String scheme, StoreOpener opener) {
        Objects.requireNonNull(opener, "opener");
        String name = Objects.requireNonNull(scheme, "scheme").toLowerCase(Locale.ROOT);
        if (!SCHEME.matcher(name + "://").matches() || BUILT_IN.contains(name)) {
            throw new IllegalArgumentException(
                    "not a scheme a store can be registered for: " + scheme);
        }
        if (TABLE.putIfAbsent(name, StoreKind.of(opener)) != null) {
            throw new IllegalArgumentException("scheme already registered: " + scheme);
        }
    }

    /**
     * The kind of store of {@code location}.
     *
     * @throws IllegalArgumentException if no store has its scheme
     */
    public static StoreKind of(String location) {
        String scheme = scheme(Objects.requireNonNull(location, "location"));
        StoreKind kind = TABLE.get(scheme);
        if (kind == null) {
            throw new IllegalArgumentException(
                    "no store for scheme "
                            + scheme
                            + " (register one with Stores.register): "
                            + location);
        }
        return kind;
    }

    /** Whether {@code location} is in a store of {@code kind}. */
    public static boolean is(String location, StoreKind kind) {
        return TABLE.get(scheme(Objects.requireNonNull(location, "location"))) == kind;
    }

    /** Whether {@code location} is in local files (a path or a {@code file:} URL). */
    public static boolean isLocal(String location) {
        StoreKind kind = TABLE.get(scheme(Objects.requireNonNull(location, "location")));
        return kind != null && kind.isLocal();
    }

    /**
     * Checks that {@code urls} are all in the store of the first, {@code what} naming them in the
     * message.
     */
    public static void checkOneStore(List<String> urls, String what) {
        String first = scheme(urls.get(0));
        for (String url : urls) {
            if (!scheme(url).equals(first)) {
                throw new IllegalArgumentException(
                        what + " of one list must be in one store: " + url + " is not " + first);
            }
        }
    }

    /**
     * The scheme of a location in lower case, by which its store is picked: {@code file} for a path
     * or a {@code file:} URL, and {@code az} for {@code
     * https://<account>.blob.core.windows.net/...} without a query.
     */
    public static String scheme(String location) {
        Matcher m = SCHEME.matcher(location);
        if (!m.matches()) {
            return "file";
        }
        return AZURE_ACCOUNT.matcher(location).matches()
                ? "az"
                : m.group(1).toLowerCase(Locale.ROOT);
    }
}
