package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.StreamableShards;
import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tar shards from S3Proxy through {@code ConcurrentDataset}. Streamed (the default), one GET per
 * shard, and by random access, one ranged GET per item: an epoch under the fault campaign equals a
 * fault-free epoch bit for bit, every item once, every fault one counted retry (all GETs of a shard
 * share its key, so every attempt may fail), every flipped bit also one integrity failure: a whole
 * shard fails its MD5 ETag, a range the CRC32C the sidecar index records for the image; an image
 * corrupt on every attempt is a bad item naming the shard and the member. Shards without sidecar
 * indexes, their headers read with ranged GETs, give the same items.
 */
class TarShardsIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String URL = "s3://shards/train/";
    private static final Duration FIRST_BYTE_TIMEOUT = Duration.ofMillis(2_500);
    @TempDir static Path dir;
    private static Map<String, byte[]> files;

    @BeforeAll
    static void writeAndUploadShards() throws Exception {
        files = ShardFixtures.campaign(dir);
        S3.upload("shards", "train/", files);
        Map<String, byte[]> tarsOnly =
                files.entrySet().stream()
                        .filter(e -> e.getKey().endsWith(".tar"))
                        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        S3.upload("shards", "bare/", tarsOnly);
    }

    @Test
    void randomAccessEpochUnderFaultsEqualsTheFaultFreeEpochAndCountsEachRetry() throws Exception {
        campaign(
                true,
                TarShardSource.DEFAULT_PIECE_BYTES,
                new RandomFaults(2026, Integer.MAX_VALUE)
                        .rate(Fault.SLOW_DOWN, 0.10)
                        .rate(Fault.RESET, 0.05)
                        .rate(Fault.INTERNAL_ERROR, 0.03)
                        .rate(Fault.STALL, 0.01)
                        .rate(Fault.TRUNCATE, 0.03)
                        .rate(Fault.CORRUPT, 0.03),
                20);
    }

    @Test
    void randomAccessWithFlippedBitsInRangedBodiesEqualsTheFaultFreeEpochEachARetry()
            throws Exception {
        campaign(
                true,
                TarShardSource.DEFAULT_PIECE_BYTES,
                new RandomFaults(2028, Integer.MAX_VALUE).rate(Fault.CORRUPT, 0.2),
                40);
    }

    @Test
    void streamedEpochUnderFaultsEqualsTheFaultFreeEpochWithOneGetPerShardAndEachRetryCounted()
            throws Exception {
        campaign(
                false,
                TarShardSource.DEFAULT_PIECE_BYTES,
                RandomFaults.streamedShards(2027).rate(Fault.CORRUPT, 0.10),
                2);
    }

    @Test
    void streamedInPiecesUnderFaultsEqualsTheFaultFreeEpochWithOneGetPerPieceAndEachRetryCounted()
            throws Exception {
        campaign(
                false,
                ShardFixtures.CAMPAIGN_SHARD_BYTES / 3,
                RandomFaults.streamedShards(2029),
                4);
    }

    @Test
    void anImageCorruptOnEveryAttemptIsABadItemNamingShardAndMemberOnceTheAttemptsAreSpent()
            throws Exception {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        try (LabeledImageSource source =
                TarShardSource.builder()
                        .setLocation(URL)
                        .optStore(S3.storeOptions().optMaxAttempts(3).build())
                        .build()) {
            String sample = source.describe(0);
            int cut = sample.indexOf(" sample ");
            S3.faults().setPolicy((key, attempt) -> Fault.CORRUPT);
            BadItemException e = assertThrows(BadItemException.class, () -> source.fetch(null, 0));
            assertEquals(sample.substring(0, cut), e.getKey());
            assertTrue(e.getMessage().contains("still failing after 3 attempts"), e.getMessage());
            String member = "member " + sample.substring(cut + 8) + ".jpg: CRC32C ";
            assertTrue(e.getMessage().contains(member), e.getMessage());
            assertEquals(3, source.stats().integrityFailures());
            assertEquals(2, source.stats().retries());
        }
    }

    /**
     * A fault-free epoch (one GET per item by random access, one per piece of {@code pieceBytes}
     * streamed), then one under {@code faults}: the same batches bit for bit, more than {@code
     * minFaults} faults, each one counted retry and one more GET, each flipped bit one integrity
     * failure; beyond those, only requests that timed out are retried ({@link RetryLog}).
     */
    private static void campaign(
            boolean randomAccess, long pieceBytes, RandomFaults faults, int minFaults)
            throws Exception {
        try (LabeledImageSource clean = open(URL, pieceBytes);
                LabeledImageSource faulty = open(URL, pieceBytes)) {
            int pieces = ((StreamableShards<?>) clean).streamedEpoch().reads().shardCount();
            assertTrue(ShardCounts.of(clean) > 3, "shards: " + ShardCounts.of(clean));
            assertTrue(
                    pieceBytes > ShardFixtures.CAMPAIGN_SHARD_BYTES
                            || pieces > 2 * ShardCounts.of(clean),
                    pieces + " pieces of " + ShardCounts.of(clean) + " shards");
            S3.faults().setPolicy((key, attempt) -> Fault.NONE);
            RetryLog.Recorded<Epoch> cleanRun =
                    RetryLog.during(dir, () -> FaultCampaignIT.epoch(clean, randomAccess));
            Epoch expected = cleanRun.value();
            RetryLog.assertRetriedFaultsAndTimeoutsOnly(cleanRun, expected.retries(), 0);
            long gets = randomAccess ? clean.size() : pieces;
            assertEquals(
                    gets + expected.retries(),
                    S3.faults().getCount(),
                    "GETs of a fault-free epoch");
            S3.faults().setPolicy(faults);
            RetryLog.Recorded<Epoch> run =
                    RetryLog.during(dir, () -> FaultCampaignIT.epoch(faulty, randomAccess));
            Epoch actual = run.value();
            System.out.printf(
                    "tar shard campaign (random access %b): %d faults, %d retries, %d flipped bits,"
                            + " %d integrity failures%n",
                    randomAccess,
                    S3.faults().injectedFaults(),
                    actual.retries(),
                    S3.faults().injectedCount(Fault.CORRUPT),
                    actual.integrityFailures());
            FaultCampaignIT.assertSameEpoch(expected, actual, (int) clean.size());
            long injected = S3.faults().injectedFaults();
            assertTrue(injected > minFaults, "faults: " + injected);
            RetryLog.assertRetriedFaultsAndTimeoutsOnly(run, actual.retries(), injected);
            assertEquals(S3.faults().injectedCount(Fault.CORRUPT), actual.integrityFailures());
            assertEquals(gets + actual.retries(), S3.faults().getCount());
        }
    }

    @Test
    void withoutSidecarIndexesTheHeadersReadWithRangedGetsGiveTheSameItems() throws Exception {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        try (LabeledImageSource indexed = open(URL);
                LabeledImageSource bare = open("s3://shards/bare/")) {
            assertEquals(describeAll(indexed).size(), bare.size());
            assertEquals(
                    describeAll(indexed),
                    describeAll(bare).stream().map(s -> s.replace("/bare/", "/train/")).toList());
            List<Long> labels = FaultCampaignIT.epoch(indexed, true).labels();
            assertEquals(labels, FaultCampaignIT.epoch(bare, true).labels());
        }
    }

    @Test
    void aBracePatternOnS3OpensTheShardsItNames() throws Exception {
        try (LabeledImageSource two = open(URL + "shard-{000001..000002}.tar")) {
            assertEquals(2, ShardCounts.of(two));
            assertTrue(two.describe(0).startsWith("s3://shards/train/shard-000001.tar"));
        }
    }

    private static List<String> describeAll(LabeledImageSource source) {
        return java.util.stream.LongStream.range(0, source.size())
                .mapToObj(source::describe)
                .toList();
    }

    /** Opens the shards (reading their indexes) before any fault is planned. */
    private static LabeledImageSource open(String url) throws Exception {
        return open(url, TarShardSource.DEFAULT_PIECE_BYTES);
    }

    private static LabeledImageSource open(String url, long pieceBytes) throws Exception {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        return TarShardSource.builder()
                .setLocation(url)
                .optPieceBytes(pieceBytes)
                .optStore(
                        S3.storeOptionsThroughResetProxy()
                                .optFirstByteTimeout(FIRST_BYTE_TIMEOUT)
                                .build())
                .build();
    }
}
