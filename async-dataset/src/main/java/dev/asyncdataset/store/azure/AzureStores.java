package dev.asyncdataset.store.azure;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreSettings;

/**
 * Opens the {@code az://} store of the scheme table, with the credentials of the environment. It
 * names no class of the Azure SDK, so that the table loads without it: only opening a store needs
 * it, and without it the error says which dependencies to add.
 */
public final class AzureStores {

    /** The SDK's client, present when {@code azure-storage-blob} is on the class path. */
    static final String SDK_CLASS = "com.azure.storage.blob.BlobServiceAsyncClient";

    /** The SDK's adapter of the JDK's HTTP client. */
    static final String HTTP_CLASS = "com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder";

    /** The dependencies to add, as the error names them. */
    static final String DEPENDENCIES =
            "com.azure:azure-storage-blob (without com.azure:azure-core-http-netty) and"
                    + " com.azure:azure-core-http-jdk-httpclient";

    private AzureStores() {}

    /**
     * Opens a store with {@code settings} and the environment's credentials ({@link
     * AzureCredentials#fromEnvironment}).
     *
     * @param settings the settings of the source or writer that opens the store
     * @return the store
     * @throws IllegalStateException if the Azure SDK is not on the class path, or the environment
     *     has no credentials
     */
    public static ObjectStore open(StoreSettings settings) {
        requireSdk(AzureStores.class.getClassLoader());
        return AzureBlobStore.builder().setSettings(settings).build();
    }

    /** Fails, naming the dependencies to add, unless {@code loader} finds the SDK. */
    static void requireSdk(ClassLoader loader) {
        for (String name : new String[] {SDK_CLASS, HTTP_CLASS}) {
            try {
                Class.forName(name, false, loader);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(
                        "az:// locations need the Azure SDK, an optional dependency: add "
                                + DEPENDENCIES
                                + " (missing: "
                                + name
                                + ")");
            }
        }
    }
}
