package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.OptionalDependency;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.store.azure.AzureStores;
import dev.asyncdataset.store.hf.HubStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The table from a location's scheme ({@link Stores#scheme}) to its kind of store: the built-in
 * schemes {@code Stores} names ({@link Stores#FILE} for a path or {@code file:}, {@link Stores#S3},
 * {@link Stores#HTTP}, {@link Stores#HTTPS}, {@link Stores#AZ}, also an Azure account's own {@code
 * https} URL, by its host, and {@link Stores#HF}), and the schemes users register with {@link
 * Stores#register}, which refuses the built-in ones.
 */
public final class StoreTable {

    /** The Azure SDK and its adapter of the JDK's HTTP client, which {@code az://} needs. */
    static final OptionalDependency AZURE_SDK =
            new OptionalDependency(
                    "az:// locations",
                    "com.azure:azure-storage-blob (without com.azure:azure-core-http-netty) and"
                            + " com.azure:azure-core-http-jdk-httpclient",
                    "com.azure.storage.blob.BlobServiceAsyncClient",
                    "com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder");

    private static final Map<String, StoreKind> BUILT_IN;

    /** The kinds of the registered schemes, each made once so that it can be compared. */
    private static final Map<String, StoreKind> REGISTERED = new ConcurrentHashMap<>();

    static {
        StoreKind http = StoreKind.of(HttpUrls::open);
        BUILT_IN =
                Map.of(
                        Stores.FILE,
                        StoreKind.FILES,
                        Stores.S3,
                        StoreKind.S3,
                        Stores.HTTP,
                        http,
                        Stores.HTTPS,
                        http,
                        Stores.AZ,
                        StoreKind.of(StoreTable::azure),
                        Stores.HF,
                        StoreKind.of(HubStore::open));
    }

    private StoreTable() {}

    /**
     * The kind of store of {@code location}.
     *
     * @throws IllegalArgumentException if no store has its scheme
     */
    public static StoreKind of(String location) {
        StoreKind kind = kindOrNull(location);
        if (kind == null) {
            throw new IllegalArgumentException(
                    "no store for scheme "
                            + Stores.scheme(location)
                            + " (register one with Stores.register): "
                            + location);
        }
        return kind;
    }

    /** Whether {@code location} is in a store of {@code kind}. */
    public static boolean is(String location, StoreKind kind) {
        return kindOrNull(location) == kind;
    }

    /**
     * Checks that {@code urls} are all in the store of the first, {@code what} naming them in the
     * message.
     */
    public static void checkOneStore(List<String> urls, String what) {
        String first = Stores.scheme(urls.get(0));
        for (String url : urls) {
            if (!Stores.scheme(url).equals(first)) {
                throw new IllegalArgumentException(
                        what + " of one list must be in one store: " + url + " is not " + first);
            }
        }
    }

    /** Opens an {@code az://} store, naming the dependencies to add if the SDK is missing. */
    private static ObjectStore azure(StoreSettings settings) {
        AZURE_SDK.require();
        return AzureStores.open(settings);
    }

    private static StoreKind kindOrNull(String location) {
        String scheme = Stores.scheme(location);
        StoreKind kind = BUILT_IN.get(scheme);
        if (kind != null) {
            return kind;
        }
        return Stores.registered(scheme)
                .map(opener -> REGISTERED.computeIfAbsent(scheme, s -> StoreKind.of(opener)))
                .orElse(null);
    }
}
