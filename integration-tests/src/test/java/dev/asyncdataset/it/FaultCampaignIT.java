package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * One epoch of 2,000 real JPEGs from S3Proxy while a seeded fault plan answers 503 SlowDown, 500,
 * resets connections mid-body, stalls past the first-byte timeout, truncates bodies or flips one
 * bit of them: the epoch must equal a fault-free epoch with the same seed, item for item and bit
 * for bit, and every injected fault must show up as exactly one counted retry (a flipped bit also
 * as one integrity failure).
 */
@Tag("long")
class FaultCampaignIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String URL = "s3://campaign/train";
    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(10, 200, 40, 32);
    private static final Duration FIRST_BYTE_TIMEOUT = Duration.ofMillis(2_500);

    /** What one epoch delivered, in delivery order. */
    record Epoch(
            List<Long> indices,
            List<byte[]> pixels,
            List<Long> labels,
            long retries,
            long integrityFailures) {}

    private static Epoch clean;

    /**
     * The reference epoch, without faults: every item once, no integrity failure, and no retry but
     * of a request that timed out ({@link RetryLog}).
     */
    @BeforeAll
    static void uploadAndReadOnceWithoutFaults(@TempDir Path dir) throws Exception {
        S3.upload("campaign", "train/", IMAGES);
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        RetryLog.Recorded<Epoch> run = RetryLog.during(dir, FaultCampaignIT::epoch);
        clean = run.value();
        assertEquals(IMAGES.size(), new TreeSet<>(clean.indices()).size(), "items lost");
        assertEquals(IMAGES.size(), clean.indices().size(), "items delivered twice");
        assertEquals(0, clean.integrityFailures());
        RetryLog.assertRetriedFaultsAndTimeoutsOnly(run, clean.retries(), 0);
    }

    @Test
    void deliversEveryItemOnceInOrderAndBitEqualUnderFaultsAndCountsEachRetry(@TempDir Path dir)
            throws Exception {
        S3.faults()
                .setPolicy(
                        new RandomFaults(2026, 3)
                                .rate(Fault.SLOW_DOWN, 0.10)
                                .rate(Fault.RESET, 0.05)
                                .rate(Fault.INTERNAL_ERROR, 0.02)
                                .rate(Fault.STALL, 0.01)
                                .rate(Fault.TRUNCATE, 0.01)
                                .rate(Fault.CORRUPT, 0.05));
        RetryLog.Recorded<Epoch> run = RetryLog.during(dir, FaultCampaignIT::epoch);
        Epoch faulty = run.value();
        List<Fault> planned =
                List.of(
                        Fault.SLOW_DOWN,
                        Fault.RESET,
                        Fault.INTERNAL_ERROR,
                        Fault.STALL,
                        Fault.TRUNCATE,
                        Fault.CORRUPT);
        for (Fault fault : planned) {
            System.out.printf("fault campaign: %s x %d%n", fault, S3.faults().injectedCount(fault));
        }
        System.out.printf(
                "fault campaign: %d retries counted, %d connections reset on the wire,"
                        + " %d integrity failures counted%n",
                faulty.retries(), S3.resets(), faulty.integrityFailures());

        assertSameEpoch(clean, faulty, IMAGES.size());
        for (Fault fault : planned) {
            assertTrue(S3.faults().injectedCount(fault) > 0, "no " + fault + " injected");
        }
        assertEquals(S3.faults().injectedCount(Fault.RESET), S3.resets(), "resets on the wire");
        RetryLog.assertRetriedFaultsAndTimeoutsOnly(
                run, faulty.retries(), S3.faults().injectedFaults());
        RetryLog.assertCorruptionsCaught(
                run, faulty.integrityFailures(), S3.faults().injectedCount(Fault.CORRUPT));
        assertEquals(IMAGES.size() + faulty.retries(), S3.faults().getCount());
    }

    /** Asserts that {@code faulty} delivered the {@code size} items of {@code clean}, bit-equal. */
    static void assertSameEpoch(Epoch clean, Epoch faulty, int size) {
        assertEquals(size, new TreeSet<>(faulty.indices()).size(), "items lost");
        assertEquals(size, faulty.indices().size(), "items delivered twice");
        assertEquals(clean.indices(), faulty.indices(), "order differs from the fault-free run");
        assertEquals(clean.labels(), faulty.labels());
        for (int i = 0; i < clean.pixels().size(); i++) {
            assertArrayEquals(clean.pixels().get(i), faulty.pixels().get(i), "item " + i);
        }
    }

    private static Epoch epoch() throws Exception {
        try (LabeledImageSource s3 =
                S3.sourceBuilder(URL)
                        .optStore(
                                S3.storeOptionsThroughResetProxy()
                                        .optFirstByteTimeout(FIRST_BYTE_TIMEOUT)
                                        .build())
                        .build()) {
            return epoch(s3, false);
        }
    }

    /**
     * One shuffled epoch of {@code s3} with the campaign's seed and training pipeline; a sharded
     * source is streamed unless {@code randomAccess}.
     */
    static Epoch epoch(ItemSource<ByteBuffer> s3, boolean randomAccess) throws Exception {
        try (NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDatasetBuilder builder =
                    ConcurrentDataset.builder()
                            .setSource(s3)
                            .setSampling(32, true)
                            .optPipeline(ImageRecipes.training(24))
                            .optSeed(11);
            ConcurrentDataset dataset =
                    (randomAccess ? builder.optRandomAccess() : builder).build();
            Epoch epoch = new Epoch(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), 0, 0);
            for (Batch batch : dataset.getData(manager)) {
                collect(batch, epoch);
                batch.close();
            }
            return new Epoch(
                    epoch.indices(),
                    epoch.pixels(),
                    epoch.labels(),
                    s3.stats().retries(),
                    dataset.stats().sourceStats().integrityFailures());
        }
    }

    private static void collect(Batch batch, Epoch into) {
        NDList data = batch.getData();
        long[] labels = batch.getLabels().head().toType(DataType.INT64, false).toLongArray();
        for (int i = 0; i < batch.getSize(); i++) {
            into.indices().add((Long) batch.getIndices().get(i));
            into.pixels().add(data.head().get(i).toByteArray());
            into.labels().add(labels[i]);
        }
    }
}
