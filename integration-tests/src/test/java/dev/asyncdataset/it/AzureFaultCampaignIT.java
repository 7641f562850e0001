package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobItem;
import dev.asyncdataset.internal.store.azure.AzureBlobStore;
import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.store.azure.AzureCredentials;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tar shards in Azure Blob Storage (Azurite) read through the store seam while a relay in front of
 * Azurite ({@link FaultyHttpRelay}) answers a seeded share of the shards' GETs with 503 ServerBusy,
 * 500 InternalError, a connection reset mid-body, a body cut short or a flipped bit: streamed and
 * by random access, the epoch equals the folder's, every item exactly once and bit for bit, and
 * each injected fault costs one more GET and at least one counted retry (a flipped bit also one
 * counted integrity failure). The shard writer writes the folder's shards through 503s, 500s and
 * resets of its block and block-list PUTs (a reset after Azurite took the request, so a block is
 * staged again and a block list committed again), blob for blob, each fault a counted retry; a
 * denied block (403) fails the write at once, naming the blob. Azurite restarted in the middle of
 * an epoch, streamed or by random access, at a chosen GET that the relay holds (the stopped server
 * refuses it and the loader's retries until it is started again, with the same data on the same
 * port): the epoch equals the folder's, every item once and bit for bit, each refused connection a
 * counted retry.
 */
class AzureFaultCampaignIT {

    @RegisterExtension static final AzuriteServer AZURE = new AzuriteServer();

    private static final String URL = "azurite-faulty://shards/train/";
    private static final int REFUSALS = 3;
    @TempDir static Path dir;
    private static FaultyHttpRelay relay;
    private static Epoch folderStreamed;
    private static Epoch folderRandom;
    private static Map<String, byte[]> folderFiles;

    @BeforeAll
    static void uploadShardsAndRegisterTheStoreBehindTheRelay() throws Exception {
        folderFiles = ShardFixtures.campaign(dir);
        AZURE.upload("shards", "train/", folderFiles);
        try (LabeledImageSource folder =
                TarShardSource.builder().setLocation(dir.resolve("shards").toString()).build()) {
            folderStreamed = FaultCampaignIT.epoch(folder, false);
            folderRandom = FaultCampaignIT.epoch(folder, true);
        }
        relay = new FaultyHttpRelay(AZURE.port());
        AzureCredentials relayed =
                AzureCredentials.connectionString(AzuriteServer.connectionString(relay.endpoint()));
        Stores.register(
                "azurite-faulty",
                settings ->
                        AzureBlobStore.builder()
                                .setSettings(settings)
                                .optCredentials(relayed)
                                .build());
    }

    @AfterAll
    static void closeTheRelay() throws Exception {
        relay.close();
    }

    @Test
    void streamedEpochUnderFaultsDeliversEveryItemOnceBitEqualEachFaultARetry() throws Exception {
        campaign(false, RandomFaults.streamedShards(2052));
    }

    @Test
    void randomAccessEpochUnderFaultsDeliversEveryItemOnceBitEqualEachFaultARetry()
            throws Exception {
        campaign(true, RandomFaults.rangedItems(2042));
    }

    @Test
    void azuriteStartedAgainAfterAGracefulStopKeepsABlobWrittenJustBefore() throws Exception {
        BlobClient blob = AZURE.container("kept").getBlobClient("just-before-the-stop");
        blob.upload(BinaryData.fromString("kept"), true);
        AZURE.stop();
        AZURE.start();
        assertEquals("kept", blob.downloadContent().toString());
    }

    @Test
    void aStreamedEpochThroughARestartOfAzuriteDeliversEveryItemOnceBitEqual() throws Exception {
        restart(false);
    }

    @Test
    void aRandomAccessEpochThroughARestartOfAzuriteDeliversEveryItemOnceBitEqual()
            throws Exception {
        restart(true);
    }

    @Test
    void theWriterWritesThroughPutFaultsTheFoldersShardsEachFaultACountedRetry() throws Exception {
        BlobContainerClient container = AZURE.container("written");
        ShardWriter writer = writer("azurite-faulty://written/train");
        relay.setFaults((key, attempt) -> Fault.NONE, RandomFaults.writes(2061));
        List<String> shards = writer.write();
        assertEquals("azurite-faulty://written/train/shard-000000.tar", shards.get(0));
        for (Fault kind : List.of(Fault.SLOW_DOWN, Fault.INTERNAL_ERROR, Fault.RESET)) {
            System.out.printf("azure write faults: %s x %d%n", kind, relay.injected(kind));
            assertTrue(relay.injected(kind) > 0, "no " + kind + " injected");
        }
        assertTrue(relay.injectedInto(Fault.RESET, " block list"), "no commit reset");
        assertTrue(relay.injectedInto(Fault.RESET, " block 000001"), "no block reset");
        int injected = relay.injectedFaults();
        System.out.printf(
                "azure write faults: %d faults, %d PUTs, %d retries counted%n",
                injected, relay.puts(), writer.retries());
        assertTrue(writer.retries() >= injected, writer.retries() + " retries, " + injected);
        Map<String, byte[]> written = new TreeMap<>();
        for (BlobItem blob : container.listBlobs()) {
            BlobClient client = container.getBlobClient(blob.getName());
            written.put(
                    blob.getName().substring("train/".length()),
                    client.downloadContent().toBytes());
        }
        assertEquals(folderFiles.keySet(), written.keySet());
        folderFiles.forEach((name, bytes) -> assertArrayEquals(bytes, written.get(name), name));
    }

    @Test
    void aDeniedBlockFailsTheWriteAtOnceNamingTheBlob() throws Exception {
        AZURE.container("denied");
        ShardWriter writer = writer("azurite-faulty://denied/train");
        relay.setFaults(
                (key, attempt) -> Fault.NONE,
                (key, attempt) ->
                        key.endsWith("/denied/train/shard-000000.tar block 000001")
                                ? Fault.FORBIDDEN
                                : Fault.NONE);
        Exception e = assertThrows(Exception.class, writer::write);
        assertTrue(
                e.getMessage().contains("azurite-faulty://denied/train/shard-000000.tar"),
                e.getMessage());
        assertTrue(e.getMessage().contains("403 AuthorizationFailure"), e.getMessage());
        assertEquals(1, relay.injected(Fault.FORBIDDEN), "the denied block was tried once");
    }

    private static ShardWriter writer(String output) {
        return ShardWriter.builder()
                .setLocation(dir.resolve("images").toString())
                .setOutput(output)
                .optShardBytes(ShardFixtures.CAMPAIGN_SHARD_BYTES)
                .build();
    }

    /**
     * One epoch through a restart of Azurite at the middle one of the GETs a fault-free epoch makes
     * (so GETs before and after it): the epoch equals the folder's, every two connections refused
     * while Azurite was down at least one counted retry (an attempt of the loader is two GETs of
     * the JDK client at most), and the restarted Azurite holds every blob.
     */
    private static void restart(boolean randomAccess) throws Exception {
        relay.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource azure = HttpShardsIT.open(URL)) {
            long gets = randomAccess ? azure.size() : ShardCounts.of(azure);
            UpstreamRestart restart = new UpstreamRestart(AZURE, (int) gets / 2 + 1, REFUSALS);
            relay.restartAt(restart);
            long start = System.nanoTime();
            Epoch epoch = FaultCampaignIT.epoch(azure, randomAccess);
            int refused = restart.awaitRefused();
            long retries = azure.stats().retries();
            System.out.printf(
                    "azure restart at GET %d of %d: %d connections refused, %d retries counted,"
                            + " epoch %d ms%n",
                    gets / 2 + 1,
                    restart.requests(),
                    refused,
                    retries,
                    (System.nanoTime() - start) / 1_000_000);
            FaultCampaignIT.assertSameEpoch(
                    randomAccess ? folderRandom : folderStreamed, epoch, (int) azure.size());
            assertTrue(refused >= REFUSALS, refused + " connections refused");
            assertTrue(restart.requests() > gets / 2 + 1, "no GET after the restart");
            // the JDK client sends a GET once more on a connection closed before the answer
            assertTrue(2 * retries >= refused, retries + " retries, " + refused + " refused");
        }
        Map<String, Long> stored = new TreeMap<>();
        for (BlobItem blob : AZURE.container("shards").listBlobs()) {
            stored.put(blob.getName(), blob.getProperties().getContentLength());
        }
        Map<String, Long> folder = new TreeMap<>();
        folderFiles.forEach((name, bytes) -> folder.put("train/" + name, (long) bytes.length));
        assertEquals(folder, stored, "the blobs after the restart");
    }

    private static void campaign(boolean randomAccess, RandomFaults faults) throws Exception {
        relay.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource azure = HttpShardsIT.open(URL)) {
            relay.setFaults(faults);
            Epoch epoch = FaultCampaignIT.epoch(azure, randomAccess);
            FaultCampaignIT.assertSameEpoch(
                    randomAccess ? folderRandom : folderStreamed, epoch, (int) azure.size());
            List<Fault> kinds = new ArrayList<>(List.of(Fault.SLOW_DOWN, Fault.INTERNAL_ERROR));
            kinds.addAll(List.of(Fault.RESET, Fault.TRUNCATE));
            if (randomAccess) {
                kinds.add(Fault.CORRUPT);
            }
            for (Fault kind : kinds) {
                System.out.printf("azure fault campaign: %s x %d%n", kind, relay.injected(kind));
                assertTrue(relay.injected(kind) > 0, "no " + kind + " injected");
            }
            int injected = relay.injectedFaults();
            long gets = randomAccess ? azure.size() : ShardCounts.of(azure);
            long retries = azure.stats().retries();
            System.out.printf(
                    "azure fault campaign: %d faults, %d GETs, %d retries counted%n",
                    injected, relay.tarGets(), retries);
            assertTrue(relay.tarGets() >= gets + injected, "one more GET per fault");
            assertTrue(retries >= injected, retries + " retries, " + injected + " faults");
            assertTrue(retries <= relay.tarGets() - gets, "a retry without a GET");
            assertEquals(relay.injected(Fault.CORRUPT), azure.stats().integrityFailures());
        }
    }
}
