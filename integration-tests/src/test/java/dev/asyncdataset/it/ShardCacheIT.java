package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk cache of the shard sources ({@code TarShardSource.optCache}): a second streamed epoch
 * over S3 (S3Proxy) is read from the cache while every GET would fail; over HTTP, which has no
 * checksum, a sidecar index or a shard damaged on the way is not cached, so the cache holds only
 * bytes that passed every check; a damaged cache file of a shard is dropped and the shard read
 * again from the store, bit for bit.
 */
class ShardCacheIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);
    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    private static final long BOUND = 64L << 20;

    @TempDir static Path dir;
    private static String pattern;
    private static String corruptible;
    private static Epoch folder;

    @TempDir Path cache;

    @BeforeAll
    static void writeAndServeShards() throws Exception {
        Map<String, byte[]> files = ShardFixtures.write(dir, 3, 10, 96, 72, 25_000);
        S3.upload("cachedshards", "train/", files);
        HTTP.put("/train/", files);
        List<String> tars = files.keySet().stream().filter(n -> n.endsWith(".tar")).toList();
        pattern = "shard-{000000.." + String.format("%06d", tars.size() - 1) + "}.tar";
        corruptible =
                "/train/" + tars.stream().filter(n -> midImage(files.get(n))).findFirst().get();
        try (LabeledImageSource shards =
                TarShardSource.builder().setLocation(dir.resolve("shards").toString()).build()) {
            folder = FaultCampaignIT.epoch(shards, false);
        }
    }

    @BeforeEach
    void noFaults() {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        HTTP.setFaults((key, attempt) -> Fault.NONE);
    }

    @Test
    void aSecondStreamedEpochIsReadFromTheCacheWhileEveryGetWouldFail() throws Exception {
        try (LabeledImageSource source =
                TarShardSource.builder()
                        .setLocation("s3://cachedshards/train/")
                        .optStore(StoreCacheIT.brief(S3.storeOptions()))
                        .optCache(cache, BOUND)
                        .build()) {
            int size = (int) source.size();
            FaultCampaignIT.assertSameEpoch(folder, FaultCampaignIT.epoch(source, false), size);
            long misses = source.stats().cacheMisses();
            assertEquals(0, source.stats().cacheHits());
            S3.faults().setPolicy((key, attempt) -> Fault.INTERNAL_ERROR);
            FaultCampaignIT.assertSameEpoch(folder, FaultCampaignIT.epoch(source, false), size);
            assertEquals(ShardCounts.of(source), source.stats().cacheHits());
            assertEquals(misses, source.stats().cacheMisses());
            assertEquals(0, source.stats().retries());
        }
    }

    @Test
    void aSidecarMalformedOnTheWayIsNotCached() throws Exception {
        HTTP.setMalformsFirstIndexGet(true);
        try (LabeledImageSource first = http()) {
            assertEquals(2 * ShardCounts.of(first), HTTP.indexGets(), "each index fetched again");
        } finally {
            HTTP.setMalformsFirstIndexGet(false);
        }
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource later = http()) {
            assertEquals(List.of(), later.damaged());
            assertEquals(0, HTTP.indexGets(), "every index read from the cache");
            FaultCampaignIT.assertSameEpoch(
                    folder, FaultCampaignIT.epoch(later, false), (int) later.size());
        }
    }

    @Test
    void aShardCorruptedOnTheWayIsNotCachedAndIsReadWholeAgainNextEpoch() throws Exception {
        String whole = corruptible + " null";
        HTTP.setFaults(
                (key, attempt) -> key.equals(whole) && attempt == 1 ? Fault.CORRUPT : Fault.NONE);
        try (LabeledImageSource source = http()) {
            int size = (int) source.size();
            FaultCampaignIT.assertSameEpoch(folder, FaultCampaignIT.epoch(source, false), size);
            assertEquals(1, HTTP.injectedFaults());
            assertTrue(source.stats().integrityFailures() > 0, "the flip hit a member");
            HTTP.setFaults((key, attempt) -> Fault.NONE);
            FaultCampaignIT.assertSameEpoch(folder, FaultCampaignIT.epoch(source, false), size);
            assertEquals(
                    List.of(corruptible + " whole"),
                    HTTP.gets(),
                    "only the shard not cached is read");
            HTTP.setFaults((key, attempt) -> Fault.NONE);
            FaultCampaignIT.assertSameEpoch(folder, FaultCampaignIT.epoch(source, false), size);
            assertEquals(List.of(), HTTP.gets(), "its sound bytes were cached");
        }
    }

    @Test
    void aDamagedCacheFileOfAShardIsDroppedAndTheShardReadAgainFromTheStore() throws Exception {
        try (LabeledImageSource first = http()) {
            FaultCampaignIT.epoch(first, false);
        }
        try (Stream<Path> files = Files.list(cache)) {
            for (Path file : files.toList()) {
                byte[] bytes = Files.readAllBytes(file);
                bytes[bytes.length / 2] ^= 0x10;
                Files.write(file, bytes);
            }
        }
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource later = http()) {
            int size = (int) later.size();
            FaultCampaignIT.assertSameEpoch(folder, FaultCampaignIT.epoch(later, false), size);
            assertEquals(ShardCounts.of(later), HTTP.tarGets(), "each shard read again");
            assertEquals(ShardCounts.of(later), HTTP.indexGets(), "each index read again");
        }
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource again = http()) {
            FaultCampaignIT.assertSameEpoch(
                    folder, FaultCampaignIT.epoch(again, false), (int) again.size());
            assertEquals(List.of(), HTTP.gets(), "the entries written again are sound");
        }
    }

    /**
     * Whether the middle byte of {@code tar}, which {@link Fault#CORRUPT} flips, is in an image
     * member, whose CRC32C the index records.
     */
    private static boolean midImage(byte[] tar) {
        int middle = tar.length / 2;
        for (int header = 0; header + 512 <= tar.length && tar[header] != 0; ) {
            String name = new String(tar, header, 100, StandardCharsets.US_ASCII).trim();
            String octal = new String(tar, header + 124, 11, StandardCharsets.US_ASCII).trim();
            int size = Integer.parseInt(octal, 8);
            if (middle >= header + 512 && middle < header + 512 + size) {
                return !name.endsWith(".cls");
            }
            header += 512 + (size + 511) / 512 * 512;
        }
        return false;
    }

    /** A source of the HTTP server's shards, cached in {@link #cache}. */
    private LabeledImageSource http() throws Exception {
        return TarShardSource.builder()
                .setLocation(HTTP.url("/train/" + pattern))
                .optCache(cache, BOUND)
                .build();
    }
}
