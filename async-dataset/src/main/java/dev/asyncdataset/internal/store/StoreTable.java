package dev.asyncdataset.internal.store;

import dev.asyncdataset.internal.io.OptionalDependency;
import dev.asyncdataset.store.StoreProvider;
import dev.asyncdataset.store.Stores;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The table from a location's scheme ({@link Stores#scheme}) to its kind of store: the library's
 * own local files ({@link Stores#FILE}, a path or {@code file:}) and S3 ({@link Stores#S3}), then
 * the provider {@link Stores#registered} finds: a {@code StoreProvider} on the class path (the
 * library's HTTP(S), Azure and Hub stores are found so) or one given to {@link Stores#register}.
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

    /** The kinds of the library's stores that no provider opens: local files and S3. */
    private static final Map<String, StoreKind> LIBRARY =
            Map.of(Stores.FILE, StoreKind.FILES, Stores.S3, StoreKind.S3);

    /** What a scheme's store needs on the class path beyond the library, checked as it opens. */
    private static final Map<String, OptionalDependency> NEEDS = Map.of(Stores.AZ, AZURE_SDK);

    /** The kinds of the provided and registered schemes, each made once to be compared. */
    private static final Map<String, StoreKind> OPENED = new ConcurrentHashMap<>();

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

    /** The kind of {@code opener}'s stores, which first checks what {@code scheme} needs. */
    private static StoreKind kind(String scheme, StoreProvider opener) {
        StoreKind kind = StoreKind.of(opener);
        OptionalDependency needs = NEEDS.get(scheme);
        if (needs == null) {
            return kind;
        }
        return access -> {
            needs.require();
            return kind.open(access);
        };
    }

    private static StoreKind kindOrNull(String location) {
        String scheme = Stores.scheme(location);
        StoreKind kind = LIBRARY.get(scheme);
        if (kind != null) {
            return kind;
        }
        return Stores.registered(scheme)
                .map(opener -> OPENED.computeIfAbsent(scheme, s -> kind(s, opener)))
                .orElse(null);
    }
}
