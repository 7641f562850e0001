package dev.asyncdataset.internal.store.azure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.azure.AzureCredentials;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The SDK's client reaches the account each kind of credentials names, at its own endpoint. */
class AzureClientsTest {

    private static final StoreSettings SETTINGS =
            new StoreSettings(Duration.ofSeconds(1), Duration.ofSeconds(1), null);

    @Test
    void aSharedKeyAndASasTokenReachTheirAccountsEndpoint() {
        for (AzureCredentials credentials :
                new AzureCredentials[] {
                    AzureCredentials.sharedKey("acct", "c2VjcmV0LWtleQ=="),
                    AzureCredentials.sasToken("acct", "?sv=2022-11-02&sig=c2ln"),
                    AzureCredentials.sasToken("acct", "sv=2022-11-02&sig=c2ln")
                }) {
            var client = AzureClients.client(credentials, SETTINGS, AzureClients.http(SETTINGS));
            assertEquals("acct", client.getAccountName(), credentials.toString());
            assertEquals(
                    "https://acct.blob.core.windows.net",
                    client.getAccountUrl(),
                    credentials.toString());
        }
    }

    @Test
    void aConnectionStringNamesItsOwnEndpoint() {
        AzureCredentials azurite =
                AzureCredentials.connectionString(
                        "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
                                + "AccountKey=c2VjcmV0LWtleQ==;"
                                + "BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;");
        var client = AzureClients.client(azurite, SETTINGS, AzureClients.http(SETTINGS));
        assertEquals("http://127.0.0.1:10000/devstoreaccount1", client.getAccountUrl());
    }
}
