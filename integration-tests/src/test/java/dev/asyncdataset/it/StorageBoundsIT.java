package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreOptionsBuilder;
import dev.asyncdataset.testing.TestImages;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bounds of one read: objects over the size limit are bad items, a stalled body is abandoned
 * after the read-idle timeout while a slow but moving one completes, and a refused or silent
 * endpoint fails within its timeout every time.
 */
class StorageBoundsIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(2, 8, 32, 32);
    private static final String BIG = "train/class1/big.jpg";
    private static final byte[] BODY = new byte[100_000];
    private static final Duration IDLE = Duration.ofSeconds(2);

    @TempDir static Path dir;

    @BeforeAll
    static void upload() {
        Map<String, byte[]> objects = new LinkedHashMap<>(IMAGES);
        objects.put("class1/big.jpg", new byte[3 << 20]);
        S3.upload("bounds", "train/", objects);
        new Random(5).nextBytes(BODY);
        S3.upload("bounds", "", Map.of("body.bin", BODY));
    }

    @BeforeEach
    void noFaults() {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
    }

    @Test
    void anObjectOverTheLimitIsSkippedUnderSkipAndNamedOtherwise() throws Exception {
        try (LabeledImageSource s3 =
                        S3.sourceBuilder("s3://bounds/train")
                                .optStore(S3.storeOptions().optMaxObjectBytes(1 << 20).build())
                                .build();
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset skipping = dataset(s3, BadItemPolicy.SKIP);
            assertEquals(IMAGES.size(), SourceEpoch.drain(skipping, manager));
            assertEquals(1, skipping.stats().skippedItems());
            DataLoadingException e =
                    assertThrows(
                            DataLoadingException.class,
                            () -> SourceEpoch.drain(dataset(s3, BadItemPolicy.FAIL), manager));
            assertEquals("s3://bounds/" + BIG, e.getKey());
            assertTrue(
                    e.getMessage().contains("object too large: 3145728 bytes, limit 1048576"),
                    e.getMessage());
            assertEquals(0, s3.stats().retries());
        }
    }

    @Test
    void aBodyStalledMidwayIsAbandonedAfterTheIdleTimeoutAndRetried() throws Throwable {
        S3.faults().setPolicy((key, attempt) -> attempt == 1 ? Fault.STALL_MIDWAY : Fault.NONE);
        try (LabeledImageSource s3 = bodySource(S3.storeOptions())) {
            long millis = timeOneFetch(s3);
            System.out.printf("stall midway: abandoned and read again in %d ms%n", millis);
            assertTrue(millis < FaultInjectingBlobStore.STALL_MILLIS, millis + " ms");
            assertEquals(1, s3.stats().retries());
        }
    }

    @Test
    void aKeyStallingOnEveryAttemptIsGivenUpWithinBudgetPlusFirstBytePlusReadIdle()
            throws Exception {
        S3.faults().setPolicy((key, attempt) -> Fault.STALL_MIDWAY);
        Duration budget = Duration.ofSeconds(3);
        Duration firstByte = Duration.ofSeconds(1);
        Duration bound = budget.plus(firstByte).plus(IDLE);
        try (LabeledImageSource s3 =
                        bodySource(
                                S3.storeOptions()
                                        .optRetryBudget(budget)
                                        .optFirstByteTimeout(firstByte));
                NDManager manager = NDManager.newBaseManager()) {
            GiveUpTiming.assertGivenUpWithin(budget, bound, () -> s3.fetch(manager, 0));
        }
    }

    @Test
    void aSlowButMovingBodyCompletesWithoutARetry() throws Throwable {
        S3.faults().setPolicy((key, attempt) -> Fault.DRIP);
        try (LabeledImageSource s3 = bodySource(S3.storeOptions())) {
            long millis = timeOneFetch(s3);
            System.out.printf("drip of 100 KB at 25 KB/s: %d ms%n", millis);
            assertTrue(millis > IDLE.toMillis(), "the body did not drip: " + millis + " ms");
            assertEquals(0, s3.stats().retries());
        }
    }

    @Test
    void aRefusedPortFailsWithinTheConnectTimeoutEveryTime() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        long worst = worstFailure(20, URI.create("http://127.0.0.1:" + port));
        System.out.printf("refused port: 20 runs, slowest failure %d ms%n", worst);
        // not retried before the store ever answered (a configuration error); a margin for a busy
        // machine
        assertTrue(worst < 5_000, "slowest refused connection failed after " + worst + " ms");
    }

    @Test
    void anEndpointThatNeverAnswersFailsWithinTheFirstByteTimeoutEveryTime() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50)) {
            long worst = worstFailure(5, URI.create("http://127.0.0.1:" + silent.getLocalPort()));
            System.out.printf("silent endpoint: 5 runs, slowest failure %d ms%n", worst);
            // the first-byte timeout (500 ms) plus a margin for a busy machine; was 30 s per try
            assertTrue(worst < 500 + 4_500, "slowest failure after " + worst + " ms");
        }
    }

    /** Fetches item 0 from {@code endpoint} in {@code runs} new sources; the slowest failure. */
    private static long worstFailure(int runs, URI endpoint) throws Exception {
        Path manifest = Files.writeString(dir.resolve("one.csv"), "body.bin,0\n");
        long worst = 0;
        for (int run = 0; run < runs; run++) {
            try (LabeledImageSource s3 =
                            S3.sourceBuilder("s3://bounds")
                                    .optManifest(manifest.toString())
                                    .optStore(
                                            StoreOptions.builder()
                                                    .optS3(
                                                            S3.s3Options()
                                                                    .optEndpoint(endpoint)
                                                                    .build())
                                                    .optMaxAttempts(1)
                                                    .optFirstByteTimeout(Duration.ofMillis(500))
                                                    .build())
                                    .build();
                    NDManager manager = NDManager.newBaseManager()) {
                long start = System.nanoTime();
                assertThrows(IOException.class, () -> s3.fetch(manager, 0));
                worst = Math.max(worst, (System.nanoTime() - start) / 1_000_000);
            }
        }
        return worst;
    }

    private static LabeledImageSource bodySource(StoreOptionsBuilder options) throws Exception {
        Path manifest = Files.writeString(dir.resolve("body.csv"), "body.bin,0\n");
        return S3.sourceBuilder("s3://bounds")
                .optManifest(manifest.toString())
                .optStore(options.optReadIdleTimeout(IDLE).build())
                .build();
    }

    private static long timeOneFetch(LabeledImageSource s3) throws Exception {
        try (NDManager manager = NDManager.newBaseManager()) {
            long start = System.nanoTime();
            List<byte[]> bytes = SourceEpoch.fetch(s3, manager, List.of(0L));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertArrayEquals(BODY, bytes.get(0));
            return millis;
        }
    }

    private static ConcurrentDataset dataset(LabeledImageSource s3, BadItemPolicy policy) {
        return ConcurrentDataset.builder()
                .setSource(s3)
                .setSampling(4, false)
                .optBadItemPolicy(policy)
                .build();
    }
}
