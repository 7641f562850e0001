package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import ch.qos.logback.classic.Level;
import dev.asyncdataset.internal.store.azure.AzureBlobStore;
import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.testing.CapturedLogs;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;

/**
 * The store's requests to Azure (Azurite) log nothing at WARN: a blob written as two blocks and a
 * commit, listed, read back whole and by range, and deleted leave no line of the SDK's JDK adapter
 * about the restricted {@code Content-Length} header, which the same SDK, on its own adapter, logs
 * for the same upload (so the capture would see it).
 */
class AzureQuietLogIT {

    @RegisterExtension static final AzuriteServer AZURE = new AzuriteServer();

    private static final String RESTRICTED = "restricted by 'java.net.http.HttpClient'";

    @Test
    void writesAndReadsLogNoRestrictedHeaderWarning() throws Throwable {
        AZURE.container("quiet");
        byte[] bytes = new byte[AzureBlobStore.BLOCK_BYTES + 1000];
        new Random(54).nextBytes(bytes);
        assertEquals(List.of(), warnings(() -> writeListReadDelete(bytes), ""));
        List<String> sdk =
                warnings(() -> AZURE.upload("quiet", "sdk/", Map.of("blob", bytes)), RESTRICTED);
        assertFalse(sdk.isEmpty(), "the capture sees the SDK's own adapter's warning");
    }

    private static void writeListReadDelete(byte[] bytes) throws Exception {
        String url = "az://quiet/store/blob";
        try (AzureBlobStore azure =
                AzureBlobStore.builder()
                        .setSettings(ObjectStoreContract.SETTINGS)
                        .optCredentials(AZURE.credentials())
                        .build()) {
            try (ObjectOutput out = azure.create(url)) {
                out.stream().write(bytes);
                out.commit();
            }
            assertEquals(bytes.length, azure.list("az://quiet/store/").get(0).length());
            try (StoredBody whole = azure.open(url, 0, -1)) {
                assertArrayEquals(bytes, whole.stream().readAllBytes());
            }
            try (StoredBody part = azure.open(url, 100, 10)) {
                assertEquals(10, part.stream().readAllBytes().length);
            }
            azure.delete(url);
            assertNull(azure.stat(url), "deleted");
        }
    }

    /** The WARN and ERROR lines logged while {@code action} ran that contain {@code text}. */
    private static List<String> warnings(Executable action, String text) throws Throwable {
        try (CapturedLogs logs = new CapturedLogs("ROOT", Level.WARN)) {
            action.execute();
            return logs.messages().stream().filter(m -> m.contains(text)).toList();
        }
    }
}
