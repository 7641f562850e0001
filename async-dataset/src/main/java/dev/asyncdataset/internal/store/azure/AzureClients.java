package dev.asyncdataset.internal.store.azure;

import com.azure.storage.blob.BlobServiceAsyncClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.azure.AzureCredentials;
import java.net.ProxySelector;
import java.net.http.HttpClient;
import java.time.Duration;

/**
 * Builds the SDK's client of one store: on the JDK's HTTP client (the store's own, through {@link
 * JdkTransport}) with the settings' connect and first-byte timeouts, one try per request (the
 * library retries), and no HTTP logging (the SDK's default), so no credential is ever logged.
 */
final class AzureClients {

    private AzureClients() {}

    /**
     * The store's own JDK client: HTTP/1.1, as Blob Storage speaks, through the default proxy
     * selector, its threads ended by the store's close.
     */
    static HttpClient http(StoreSettings settings) {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(settings.connectTimeout())
                .proxy(ProxySelector.getDefault())
                .build();
    }

    /** The client of the account {@code credentials} reach, on {@code http}. */
    static BlobServiceAsyncClient client(
            AzureCredentials credentials, StoreSettings settings, HttpClient http) {
        BlobServiceClientBuilder builder =
                new BlobServiceClientBuilder()
                        .httpClient(new JdkTransport(http, settings.firstByteTimeout()))
                        .retryOptions(
                                new RequestRetryOptions(
                                        RetryPolicyType.FIXED,
                                        1,
                                        (Duration) null,
                                        null,
                                        null,
                                        null));
        try {
            return builder.connectionString(credentials.asConnectionString()).buildAsyncClient();
        } catch (IllegalArgumentException | IllegalStateException e) {
            // the SDK's message may quote the secret: only its kind is named
            throw new IllegalArgumentException("cannot use " + credentials + ": malformed");
        }
    }
}
