package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import dev.asyncdataset.internal.store.azure.AzureBlobStore;
import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.store.azure.AzureCredentials;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tar shards in Azure Blob Storage (Azurite) read as from a folder: listed under a prefix, streamed
 * and by random access, the epochs equal the folder's bit for bit; the shard writer writes the
 * folder's shards there blob for blob (and a rerun leaves the same blobs), giving its epoch; a
 * missing blob or container is an error naming its URL; a body that stops midway is ended by the
 * read-idle timeout and the item given up within the retry budget; Parquet files under a prefix
 * give the rows they give from a folder; an account's own {@code https} URL is listed and read as
 * the {@code az} form. The store is registered under schemes of this test's own, with the
 * emulator's connection string; {@code az://} itself, and an account's {@code https} URL, take
 * their credentials from the environment.
 */
class AzureShardsIT {

    @RegisterExtension static final AzuriteServer AZURE = new AzuriteServer();

    private static final Duration READ_IDLE = Duration.ofMillis(500);
    @TempDir static Path dir;
    private static StallingRelay relay;
    private static Epoch folderStreamed;
    private static Epoch folderRandom;
    private static Map<String, byte[]> folderFiles;

    @BeforeAll
    static void uploadShardsAndRegisterTheStore() throws Exception {
        Map<String, byte[]> files = ShardFixtures.campaign(dir.resolve("campaign"));
        folderFiles = files;
        AZURE.upload("shards", "train/", files);
        AZURE.upload(
                "big", "train/", ShardFixtures.write(dir.resolve("big"), 2, 4, 256, 256, 1 << 20));
        try (LabeledImageSource folder =
                TarShardSource.builder()
                        .setLocation(dir.resolve("campaign/shards").toString())
                        .build()) {
            folderStreamed = FaultCampaignIT.epoch(folder, false);
            folderRandom = FaultCampaignIT.epoch(folder, true);
        }
        relay = new StallingRelay(AZURE.port());
        register("azurite", AZURE.credentials());
        register(
                "azurite-relayed",
                AzureCredentials.connectionString(
                        AzuriteServer.connectionString(relay.endpoint())));
    }

    @AfterAll
    static void closeTheRelay() throws Exception {
        relay.close();
    }

    private static void register(String scheme, AzureCredentials credentials) {
        Stores.register(
                scheme,
                settings ->
                        AzureBlobStore.builder()
                                .setSettings(settings)
                                .optCredentials(credentials)
                                .optPageSize(2)
                                .build());
    }

    @Test
    void parquetFilesOfAListedPrefixInARegisteredStoreGiveTheRowsTheyGiveFromAFolder()
            throws Exception {
        Path folder = dir.resolve("parquet");
        AZURE.upload("tables", "pq/", ParquetStoresIT.write(dir.resolve("images"), folder));
        List<String> expected =
                ParquetStoresIT.rows(ParquetSource.builder().setLocation(folder + "/"));
        assertEquals(
                expected,
                ParquetStoresIT.rows(ParquetSource.builder().setLocation("azurite://tables/pq/")));
    }

    @Test
    void shardsTheWriterWritesToTheStoreAreTheFoldersAndGiveTheFoldersEpoch() throws Exception {
        BlobContainerClient container = AZURE.container("written");
        ShardWriter writer =
                ShardWriter.builder()
                        .setLocation(dir.resolve("campaign/images").toString())
                        .setOutput("azurite://written/train")
                        .optShardBytes(ShardFixtures.CAMPAIGN_SHARD_BYTES)
                        .build();
        List<String> shards = writer.write();
        assertEquals(
                folderFiles.keySet().stream().filter(n -> n.endsWith(".tar")).count(),
                shards.size());
        assertEquals("azurite://written/train/shard-000000.tar", shards.get(0));
        writer.write();
        List<String> names = new ArrayList<>();
        for (BlobItem blob : container.listBlobs()) {
            String name = blob.getName().substring("train/".length());
            names.add(name);
            byte[] bytes = container.getBlobClient(blob.getName()).downloadContent().toBytes();
            assertArrayEquals(folderFiles.get(name), bytes, name);
        }
        assertEquals(List.copyOf(folderFiles.keySet()), names, "a rerun left the same blobs");
        try (LabeledImageSource azure = HttpShardsIT.open("azurite://written/train/")) {
            FaultCampaignIT.assertSameEpoch(
                    folderStreamed, FaultCampaignIT.epoch(azure, false), (int) azure.size());
        }
    }

    @Test
    void anAzLocationIsReadWithTheCredentialsOfTheStoreOptions() throws Exception {
        StoreOptions azurite = StoreOptions.builder().optAzure(AZURE.credentials()).build();
        try (LabeledImageSource azure =
                TarShardSource.builder()
                        .setLocation("az://shards/train/")
                        .optStore(azurite)
                        .build()) {
            int size = (int) azure.size();
            FaultCampaignIT.assertSameEpoch(
                    folderStreamed, FaultCampaignIT.epoch(azure, false), size);
        }
    }

    @Test
    void streamedAndRandomAccessEpochsOfAListedPrefixEqualTheFoldersBitForBit() throws Exception {
        try (LabeledImageSource azure = HttpShardsIT.open("azurite://shards/train/")) {
            assertTrue(ShardCounts.of(azure) > 3, "shards: " + ShardCounts.of(azure));
            int size = (int) azure.size();
            FaultCampaignIT.assertSameEpoch(
                    folderStreamed, FaultCampaignIT.epoch(azure, false), size);
            FaultCampaignIT.assertSameEpoch(folderRandom, FaultCampaignIT.epoch(azure, true), size);
            assertEquals(0, azure.stats().retries());
        }
    }

    @Test
    void aMissingBlobIsAnErrorNamingItsUrl() {
        String url = "azurite://shards/train/shard-{000000..000099}.tar";
        Exception e = assertThrows(Exception.class, () -> HttpShardsIT.open(url));
        assertTrue(e.getMessage().contains("azurite://shards/train/shard-0000"), e.getMessage());
    }

    @Test
    void aMissingContainerIsAnErrorNamingItsUrl() {
        Exception e =
                assertThrows(Exception.class, () -> HttpShardsIT.open("azurite://nothere/train/"));
        assertTrue(e.getMessage().contains("azurite://nothere/train/"), e.getMessage());
        assertTrue(e.getMessage().contains("ContainerNotFound"), e.getMessage());
    }

    @Test
    void anAccountsOwnHttpsUrlIsListedAndReadAsItsRegisteredSchemesUrlIs() throws Exception {
        String https = "https://" + AzuriteServer.ACCOUNT + ".blob.core.windows.net/shards/train/";
        StoreSettings settings =
                new StoreSettings(Duration.ofSeconds(5), Duration.ofSeconds(10), null);
        try (AzureBlobStore store =
                AzureBlobStore.builder()
                        .setSettings(settings)
                        .optCredentials(AZURE.credentials())
                        .build()) {
            List<StoredObject> byHost = store.list(https);
            List<StoredObject> byScheme = store.list("azurite://shards/train/");
            assertEquals(byScheme.size(), byHost.size());
            for (int i = 0; i < byHost.size(); i++) {
                String name = byScheme.get(i).url().substring("azurite://shards/train/".length());
                assertEquals(https + name, byHost.get(i).url());
                assertEquals(byScheme.get(i).length(), byHost.get(i).length());
                try (StoredBody a = store.open(byHost.get(i).url(), 0, -1);
                        StoredBody b = store.open(byScheme.get(i).url(), 0, -1)) {
                    assertArrayEquals(b.stream().readAllBytes(), a.stream().readAllBytes(), name);
                }
            }
            RequestRejected other =
                    assertThrows(
                            RequestRejected.class,
                            () -> store.list("https://other.blob.core.windows.net/shards/train/"));
            assertTrue(other.getMessage().contains("account other"), other.getMessage());
        }
    }

    @Test
    void anAccountsOwnHttpsUrlGoesToTheAzureStoreWithTheEnvironmentsCredentials() {
        assumeTrue(System.getenv("AZURE_STORAGE_CONNECTION_STRING") == null, "credentials set");
        assumeTrue(System.getenv("AZURE_STORAGE_ACCOUNT") == null, "credentials set");
        String url = "https://" + AzuriteServer.ACCOUNT + ".blob.core.windows.net/shards/train/";
        Exception e = assertThrows(Exception.class, () -> HttpShardsIT.open(url));
        assertTrue(e.getMessage().contains("AZURE_STORAGE_CONNECTION_STRING"), e.getMessage());
    }

    @Test
    void theAzSchemeWithoutCredentialsInTheEnvironmentSaysWhichToSet() {
        assumeTrue(System.getenv("AZURE_STORAGE_CONNECTION_STRING") == null, "credentials set");
        assumeTrue(System.getenv("AZURE_STORAGE_ACCOUNT") == null, "credentials set");
        Exception e = assertThrows(Exception.class, () -> HttpShardsIT.open("az://shards/train/"));
        assertTrue(e.getMessage().contains("AZURE_STORAGE_CONNECTION_STRING"), e.getMessage());
    }

    @Test
    void aBodyStoppingMidwayOnEveryAttemptIsEndedByTheReadIdleTimeoutWithinTheBudget()
            throws Exception {
        Duration budget = Duration.ofSeconds(2);
        Duration firstByte = Duration.ofSeconds(1);
        try (LabeledImageSource azure =
                TarShardSource.builder()
                        .setLocation("azurite-relayed://big/train/")
                        .optStore(GiveUpTiming.options(READ_IDLE, firstByte, budget))
                        .build()) {
            relay.stallAfter(2048);
            GiveUpTiming.assertGivenUpWithin(
                    budget, budget.plus(firstByte).plus(READ_IDLE), () -> azure.fetch(null, 0));
        }
    }
}
