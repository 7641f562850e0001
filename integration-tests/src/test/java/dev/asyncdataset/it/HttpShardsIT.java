package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tar shards served over HTTP by a local server ({@link ShardHttpServer}) read as from a folder:
 * streamed (one GET per shard) and by random access (one ranged GET per item) the epochs equal the
 * folder's bit for bit, and under injected 503s, 500s, dropped connections, truncated and stalled
 * bodies and flipped bits every item still arrives exactly once, each fault costing one more GET
 * and one counted retry (except a connection dropped before the headers of a request on a reused
 * connection, which the JDK's client retries once by itself, uncounted). A token goes to the host
 * named and not to the host a redirect leads to; a server that ignores {@code Range} streams (a
 * shard cut midway read again from byte 0) but refuses random access with a message that says why.
 * An index malformed on the way is fetched again; one malformed in the store leaves its shard out
 * after two reads.
 */
class HttpShardsIT {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();
    @RegisterExtension static final ShardHttpServer CDN = new ShardHttpServer();

    private static final Duration READ_IDLE = Duration.ofMillis(500);
    @TempDir static Path dir;
    private static String pattern;
    private static List<String> tars;
    private static Epoch folderStreamed;
    private static Epoch folderRandom;

    @BeforeAll
    static void writeAndServeShards() throws Exception {
        Map<String, byte[]> files = ShardFixtures.campaign(dir);
        HTTP.put("/train/", files);
        CDN.put("/cdn/", files);
        tars = files.keySet().stream().filter(n -> n.endsWith(".tar")).toList();
        assertTrue(tars.size() > 3, "shards: " + tars);
        pattern = "shard-{000000.." + String.format("%06d", tars.size() - 1) + "}.tar";
        try (LabeledImageSource folder =
                TarShardSource.builder().setLocation(dir.resolve("shards").toString()).build()) {
            folderStreamed = FaultCampaignIT.epoch(folder, false);
            folderRandom = FaultCampaignIT.epoch(folder, true);
        }
    }

    @Test
    void streamedAndRandomAccessEpochsEqualTheFoldersBitForBit() throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource http = open(HTTP.url("/train/" + pattern))) {
            int size = (int) http.size();
            FaultCampaignIT.assertSameEpoch(
                    folderStreamed, FaultCampaignIT.epoch(http, false), size);
            assertEquals(ShardCounts.of(http), HTTP.tarGets(), "one GET per shard streamed");
            FaultCampaignIT.assertSameEpoch(folderRandom, FaultCampaignIT.epoch(http, true), size);
            assertEquals(ShardCounts.of(http) + size, HTTP.tarGets(), "one ranged GET per item");
            assertEquals(0, http.stats().retries());
        }
    }

    @Test
    void streamedEpochUnderFaultsDeliversEveryItemOnceBitEqualEachFaultARetry() throws Exception {
        campaign(false, RandomFaults.streamedShards(2031).rate(Fault.STALL, 0.05));
    }

    @Test
    void randomAccessEpochUnderFaultsDeliversEveryItemOnceBitEqualEachFaultARetry()
            throws Exception {
        campaign(true, RandomFaults.rangedItems(2032).rate(Fault.STALL, 0.01));
    }

    private static void campaign(boolean randomAccess, RandomFaults faults) throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource http = open(HTTP.url("/train/" + pattern))) {
            HTTP.setFaults(faults);
            Epoch epoch = FaultCampaignIT.epoch(http, randomAccess);
            Epoch folder = randomAccess ? folderRandom : folderStreamed;
            FaultCampaignIT.assertSameEpoch(folder, epoch, (int) http.size());
            int injected = HTTP.injectedFaults();
            assertTrue(injected > 1, "faults: " + injected);
            long gets = randomAccess ? http.size() : ShardCounts.of(http);
            assertEquals(gets + injected, HTTP.tarGets(), "one more GET per fault");
            assertTrue(epoch.retries() <= injected, epoch.retries() + " retries, " + injected);
            assertTrue(
                    epoch.retries() >= injected - HTTP.resets(),
                    epoch.retries() + " retries, " + injected + " faults, " + HTTP.resets());
        }
    }

    @Test
    void theTokenGoesToTheHostNamedAndNotToTheHostARedirectLeadsToAndNoQueryIsShown()
            throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        HTTP.redirectResolveTo(CDN.url("/cdn/"));
        HTTP.authorizations().clear();
        CDN.authorizations().clear();
        try (LabeledImageSource http =
                TarShardSource.builder()
                        .setLocation(HTTP.url("/resolve/" + pattern) + "?sig=query-secret")
                        .optStore(
                                StoreOptions.builder()
                                        .optAuthorization(() -> "Bearer secret-token")
                                        .optReadIdleTimeout(READ_IDLE)
                                        .build())
                        .build()) {
            assertTrue(http.describe(0).contains(".tar?... "), http.describe(0));
            assertTrue(!http.describe(0).contains("query-secret"), http.describe(0));
            FaultCampaignIT.assertSameEpoch(
                    folderStreamed, FaultCampaignIT.epoch(http, false), (int) http.size());
        }
        assertTrue(HTTP.authorizations().stream().allMatch("Bearer secret-token"::equals));
        assertTrue(CDN.authorizations().size() > 3, "requests: " + CDN.authorizations().size());
        assertTrue(
                CDN.authorizations().stream().allMatch("none"::equals),
                "the CDN saw: " + CDN.authorizations().stream().distinct().toList());
    }

    @Test
    void aServerIgnoringRangeStreamsButRandomAccessFailsSayingItNeedsRange() throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        HTTP.setHonoursRange(false);
        try (LabeledImageSource http = open(HTTP.url("/train/" + pattern))) {
            FaultCampaignIT.assertSameEpoch(
                    folderStreamed, FaultCampaignIT.epoch(http, false), (int) http.size());
            IOException e = assertThrows(IOException.class, () -> http.fetch(null, 0));
            assertTrue(e.getMessage().contains("ignores Range"), e.getMessage());
            assertTrue(e.getMessage().contains("random access"), e.getMessage());
            assertEquals(0, http.stats().retries());
        } finally {
            HTTP.setHonoursRange(true);
        }
    }

    @Test
    void aStreamedShardCutMidwayOnAServerIgnoringRangeIsReadAgainFromByteZero() throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        HTTP.setHonoursRange(false);
        try (LabeledImageSource http = open(HTTP.url("/train/" + pattern))) {
            HTTP.setFaults((key, attempt) -> attempt == 1 ? Fault.TRUNCATE : Fault.NONE);
            Epoch epoch = FaultCampaignIT.epoch(http, false);
            FaultCampaignIT.assertSameEpoch(folderStreamed, epoch, (int) http.size());
            int shards = ShardCounts.of(http);
            assertEquals(shards, HTTP.injectedFaults());
            assertEquals(shards, epoch.retries(), "one retry per shard cut");
            // per shard: the GET cut midway, the ranged GET answered 200, the GET from byte 0
            assertEquals(3 * shards, HTTP.tarGets());
        } finally {
            HTTP.setHonoursRange(true);
            HTTP.setFaults((key, attempt) -> Fault.NONE);
        }
    }

    @Test
    void anIndexMalformedOnItsFirstGetIsFetchedAgainAndItsShardKept() throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        HTTP.setMalformsFirstIndexGet(true);
        try (LabeledImageSource http = open(HTTP.url("/train/" + pattern))) {
            assertEquals(List.of(), http.damaged());
            int shards = ShardCounts.of(http);
            assertEquals(2 * shards, HTTP.indexGets(), "each index fetched again once");
            assertEquals(shards, http.stats().retries());
            FaultCampaignIT.assertSameEpoch(
                    folderStreamed, FaultCampaignIT.epoch(http, false), (int) http.size());
        } finally {
            HTTP.setMalformsFirstIndexGet(false);
        }
    }

    @Test
    void anIndexMalformedInTheStoreLeavesItsShardOutAfterTwoGetsNotTheRetryBudget()
            throws Exception {
        Map<String, byte[]> files = ShardFixtures.campaign(dir.resolve("malformed"));
        String bad = "shard-000001.tar.idx";
        files.put(bad, ShardHttpServer.malformed(files.get(bad)));
        HTTP.put("/malformed/", files);
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource http =
                TarShardSource.builder()
                        .setLocation(HTTP.url("/malformed/" + pattern))
                        .optStore(
                                StoreOptions.builder().optRetryBudget(Duration.ofHours(1)).build())
                        .build()) {
            assertEquals(1, http.damaged().size(), "damaged: " + http.damaged());
            String message = http.damaged().getFirst().getMessage();
            assertTrue(message.contains(bad) && message.contains("malformed"), message);
            assertEquals(ShardCounts.of(http) + 1, HTTP.indexGets(), "the malformed index twice");
            assertEquals(1, http.stats().retries());
        }
    }

    @Test
    void aShardStallingOnEveryAttemptIsGivenUpWithinBudgetPlusFirstBytePlusReadIdle()
            throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        Duration budget = Duration.ofSeconds(2);
        Duration firstByte = Duration.ofSeconds(1);
        Duration bound = budget.plus(firstByte).plus(READ_IDLE);
        try (LabeledImageSource http =
                TarShardSource.builder()
                        .setLocation(HTTP.url("/train/" + pattern))
                        .optStore(GiveUpTiming.options(READ_IDLE, firstByte, budget))
                        .build()) {
            HTTP.setFaults((key, attempt) -> Fault.STALL);
            GiveUpTiming.assertGivenUpWithin(budget, bound, () -> http.fetch(null, 0));
        } finally {
            HTTP.setFaults((key, attempt) -> Fault.NONE);
        }
    }

    @Test
    void aListOfUrlsReadsTheShardsItNames() throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        Path list = dir.resolve("urls.txt");
        Files.write(list, tars.stream().map(name -> HTTP.url("/train/" + name)).toList());
        try (LabeledImageSource http =
                TarShardSource.builder()
                        .setLocations(Files.readAllLines(list))
                        .optStore(StoreOptions.builder().optReadIdleTimeout(READ_IDLE).build())
                        .build()) {
            FaultCampaignIT.assertSameEpoch(
                    folderStreamed, FaultCampaignIT.epoch(http, false), (int) http.size());
        }
    }

    /** A source of the shards at {@code url}, bodies idle at most {@link #READ_IDLE}. */
    static LabeledImageSource open(String url) throws IOException {
        return TarShardSource.builder()
                .setLocation(url)
                .optStore(StoreOptions.builder().optReadIdleTimeout(READ_IDLE).build())
                .build();
    }
}
