package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.internal.s3.S3ObjectStore;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.it.S3ProxyServer;
import dev.asyncdataset.it.ShardFixtures;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole-shard reads from S3Proxy ({@link ShardStore#readShard}, what shard streaming calls): a GET
 * failing mid-body goes on with a ranged GET from the last byte received, bit-equal to the stored
 * shard, each fault one counted retry; a shard replaced between the two is read again from its
 * first byte, the ranged GET carrying {@code If-Match}, so the two versions never mix.
 */
class S3ShardReadsIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String URL = "s3://whole/shards/";
    @TempDir static Path dir;
    private static Map<String, byte[]> files;

    @BeforeAll
    static void writeAndUploadShards() throws Exception {
        files = ShardFixtures.write(dir, 4, 30, 150_000);
        S3.upload("whole", "shards/", files);
    }

    @Test
    void truncatedBodiesResumeWithARangeFromTheLastByteReceived() throws Exception {
        try (TarSource<?> source = open()) {
            ShardStore store = source.shards.store();
            S3.faults().setPolicy((key, attempt) -> attempt <= 2 ? Fault.TRUNCATE : Fault.NONE);
            for (int shard = 0; shard < store.names().size(); shard++) {
                String name = name(store, shard);
                int length = files.get(name).length;
                assertArrayEquals(files.get(name), whole(store, shard), name);
                int first = length / 2;
                int second = first + (length - first) / 2;
                List<String> expected =
                        List.of(
                                S3ObjectStore.range(first, length),
                                S3ObjectStore.range(second, length));
                assertEquals(expected, S3.faults().ranges("shards/" + name), name);
            }
            int shards = store.names().size();
            assertEquals(2L * shards, S3.faults().injectedFaults());
            assertEquals(S3.faults().injectedFaults(), store.retries());
            assertEquals(3L * shards, S3.faults().getCount());
        }
    }

    @Test
    void wholeShardsUnderTheFaultCampaignAreBitEqualAndEachFaultIsOneRetry() throws Exception {
        try (TarSource<?> source = open()) {
            ShardStore store = source.shards.store();
            S3.faults()
                    .setPolicy(
                            (key, attempt) ->
                                    attempt > 4
                                            ? Fault.NONE
                                            : List.of(
                                                            Fault.RESET,
                                                            Fault.SLOW_DOWN,
                                                            Fault.CORRUPT,
                                                            Fault.TRUNCATE)
                                                    .get((attempt + key.length()) % 4));
            List<String> resumed = new ArrayList<>();
            for (int shard = 0; shard < store.names().size(); shard++) {
                String name = name(store, shard);
                assertArrayEquals(files.get(name), whole(store, shard), name);
                resumed.addAll(S3.faults().ranges("shards/" + name));
            }
            assertEquals(S3.faults().injectedFaults(), store.retries());
            assertEquals(S3.faults().injectedCount(Fault.CORRUPT), store.integrityFailures());
            assertEquals(S3.faults().injectedCount(Fault.RESET), S3.resets());
            assertTrue(S3.faults().injectedCount(Fault.RESET) > 0, "no reset injected");
            assertTrue(!resumed.isEmpty(), "no body resumed");
            for (String range : resumed) {
                assertTrue(!range.startsWith("bytes=0-"), "resumed from zero: " + range);
            }
        }
    }

    @Test
    void aShardReplacedMidReadIsReadAgainFromTheStartNeverMixingTheTwoVersions() throws Exception {
        try (TarSource<?> source = open()) {
            ShardStore store = source.shards.store();
            String name = name(store, 0);
            byte[] replaced = files.get(name).clone();
            for (int i = 0; i < replaced.length; i++) {
                replaced[i] = (byte) ~replaced[i];
            }
            S3.faults()
                    .setPolicy(
                            (key, attempt) -> {
                                if (attempt == 2) {
                                    S3.upload("whole", "shards/", Map.of(name, replaced));
                                }
                                return attempt == 1 ? Fault.TRUNCATE : Fault.NONE;
                            });
            try {
                assertArrayEquals(replaced, whole(store, 0), name);
                List<String> asked = S3.faults().ranges("shards/" + name);
                assertEquals(1, asked.size(), "one resumption, then a whole GET: " + asked);
                assertEquals(3, S3.faults().getCount());
            } finally {
                S3.upload("whole", "shards/", Map.of(name, files.get(name)));
            }
        }
    }

    /** Reads {@code shard} as streaming does, into a larger used buffer; returns its bytes. */
    private static byte[] whole(ShardStore store, int shard) throws Exception {
        byte[] buffer = new byte[(int) store.length(shard) + 4096];
        Arrays.fill(buffer, (byte) 0x5A);
        return Arrays.copyOf(buffer, store.readShard(shard, buffer));
    }

    private static String name(ShardStore store, int shard) {
        String url = store.names().get(shard);
        return url.substring(url.lastIndexOf('/') + 1);
    }

    /** Opens the shards (reading their indexes) before any fault is planned. */
    private static TarSource<?> open() throws Exception {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        return (TarSource<?>)
                TarShardSource.builder()
                        .setLocation(URL)
                        .optStore(
                                S3.storeOptionsThroughResetProxy()
                                        .optFirstByteTimeout(Duration.ofMillis(2_500))
                                        .build())
                        .build();
    }
}
