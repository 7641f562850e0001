package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.store.azure.AzureBlobStore;
import dev.asyncdataset.store.azure.AzureCredentials;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * counted integrity failure).
 */
class AzureFaultCampaignIT {

    @RegisterExtension static final AzuriteServer AZURE = new AzuriteServer();

    private static final String URL = "azurite-faulty://shards/train/";
    @TempDir static Path dir;
    private static FaultyHttpRelay relay;
    private static Epoch folderStreamed;
    private static Epoch folderRandom;

    @BeforeAll
    static void uploadShardsAndRegisterTheStoreBehindTheRelay() throws Exception {
        AZURE.upload("shards", "train/", ShardFixtures.campaign(dir));
        try (TarShardSource folder = TarShardSource.of(dir.resolve("shards"))) {
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

    private static void campaign(boolean randomAccess, RandomFaults faults) throws Exception {
        relay.setFaults((key, attempt) -> Fault.NONE);
        try (TarShardSource azure = HttpShardsIT.open(URL)) {
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
            long gets = randomAccess ? azure.size() : azure.shardCount();
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
