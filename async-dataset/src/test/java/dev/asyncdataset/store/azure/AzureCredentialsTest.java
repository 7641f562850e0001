package dev.asyncdataset.store.azure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class AzureCredentialsTest {

    @Test
    void theConnectionStringComesFirstThenTheSharedKeyThenTheSasToken() {
        Map<String, String> all =
                Map.of(
                        AzureCredentials.CONNECTION_STRING, "AccountName=a;AccountKey=k",
                        AzureCredentials.ACCOUNT, "acct",
                        AzureCredentials.KEY, "key",
                        AzureCredentials.SAS_TOKEN, "sv=1&sig=s");
        assertEquals("AccountName=a;AccountKey=k", AzureCredentials.from(all).asConnectionString());
        Map<String, String> keyAndSas =
                Map.of(
                        AzureCredentials.ACCOUNT, "acct",
                        AzureCredentials.KEY, "key",
                        AzureCredentials.SAS_TOKEN, "sv=1&sig=s");
        assertEquals(
                "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=key;"
                        + "EndpointSuffix=core.windows.net",
                AzureCredentials.from(keyAndSas).asConnectionString());
        AzureCredentials sas =
                AzureCredentials.from(
                        Map.of(
                                AzureCredentials.ACCOUNT, "acct",
                                AzureCredentials.SAS_TOKEN, "sv=1&sig=s"));
        assertEquals(
                "BlobEndpoint=https://acct.blob.core.windows.net;SharedAccessSignature=sv=1&sig=s",
                sas.asConnectionString());
    }

    @Test
    void anEnvironmentWithoutCredentialsIsAnErrorNamingTheVariables() {
        IllegalStateException e =
                assertThrows(
                        IllegalStateException.class,
                        () -> AzureCredentials.from(Map.of(AzureCredentials.ACCOUNT, "acct")));
        assertTrue(e.getMessage().contains("AZURE_STORAGE_CONNECTION_STRING"), e.getMessage());
        assertTrue(e.getMessage().contains("AZURE_STORAGE_KEY"), e.getMessage());
    }

    @Test
    void noSecretAppearsInToString() {
        String secret = "c2VjcmV0LWtleQ==";
        for (AzureCredentials c :
                new AzureCredentials[] {
                    AzureCredentials.connectionString("AccountName=a;AccountKey=" + secret),
                    AzureCredentials.sharedKey("acct", secret),
                    AzureCredentials.sasToken("acct", "sv=1&sig=" + secret)
                }) {
            assertFalse(c.toString().contains(secret), c.toString());
        }
    }

    @Test
    void aBlankSecretIsRejectedByName() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> AzureCredentials.sharedKey("acct", " "));
        assertEquals("key is blank", e.getMessage());
    }
}
