package dev.asyncdataset.internal.store.azure;

import com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder;
import com.azure.storage.blob.BlobServiceAsyncClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.common.policy.RequestRetryOptions;
import com.azure.storage.common.policy.RetryPolicyType;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.azure.AzureCredentials;
import java.time.Duration;

/**
 * Builds the SDK's client of one store: on the JDK's HTTP client (the store's own, {@link
 * OwnedHttpClient}) with the settings' connect and first-byte timeouts, one try per request (the
 * library retries), and no HTTP logging (the SDK's default), so no credential is ever logged.
 */
final class AzureClients {

    private AzureClients() {}

    /** The client of the account {@code credentials} reach, on {@code http}. */
    static BlobServiceAsyncClient client(
            AzureCredentials credentials, StoreSettings settings, OwnedHttpClient http) {
        BlobServiceClientBuilder builder =
                new BlobServiceClientBuilder()
                        .httpClient(
                                new JdkHttpClientBuilder(http)
                                        .connectionTimeout(settings.connectTimeout())
                                        .responseTimeout(settings.firstByteTimeout())
                                        .build())
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
