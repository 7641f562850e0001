package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ch.qos.logback.classic.Level;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.testing.CapturedLogs;
import dev.asyncdataset.testing.Poll;
import dev.asyncdataset.testing.TestImages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Keys that never succeed and a server that goes away: the loader names what it could not read,
 * within the retry budget, skips exactly those keys when asked, rides out a short outage, and
 * neither hangs nor leaks threads when the server is gone for good.
 */
@Timeout(120)
class OutageIT {

    private static final int ITEMS = 192;
    private static final Duration REQUEST_TIMEOUT = Duration.ofMillis(800);
    private static final Duration OUTAGE = Duration.ofSeconds(10);

    private final S3ProxyServer s3 = new S3ProxyServer(0);

    @BeforeEach
    void start() throws Exception {
        s3.start();
        s3.upload("outage", "train/", TestImages.classFolders(4, ITEMS / 4, 32, 32));
    }

    @AfterEach
    void stop() {
        s3.close();
        assertEquals(0, StageThreads.live(), "loader threads left running");
    }

    @Test
    void aKeyThatAlwaysStallsFailsTheEpochNamingItWithinTimeoutTimesAttempts() throws Exception {
        String bad = "train/class2/img7.jpg";
        s3.faults().setPolicy((key, attempt) -> key.equals(bad) ? Fault.STALL : Fault.NONE);
        try (LabeledImageSource source = source(3);
                NDManager manager = NDManager.newBaseManager()) {
            long start = System.nanoTime();
            DataLoadingException e =
                    assertThrows(DataLoadingException.class, () -> drain(dataset(source), manager));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertEquals("s3://outage/" + bad, e.getKey());
            assertTrue(e.getMessage().contains("still failing after 3 attempts"), e.getMessage());
            Duration budget = REQUEST_TIMEOUT.multipliedBy(3).plusSeconds(10);
            System.out.printf(
                    "always-stalling key: failed after %d ms: %s%n",
                    took.toMillis(), e.getMessage());
            assertTrue(took.compareTo(budget) < 0, "took " + took + ", budget " + budget);
            assertEquals(3, s3.faults().injectedCount(Fault.STALL));
        }
    }

    @Test
    void underSkipExactlyTheKeysThatAlwaysFailAreLeftOutCountedAndLogged() throws Exception {
        Set<String> bad = Set.of("train/class0/img3.jpg", "train/class3/img0.jpg");
        s3.faults()
                .setPolicy((key, attempt) -> bad.contains(key) ? Fault.INTERNAL_ERROR : Fault.NONE);
        try (LabeledImageSource source = source(3);
                NDManager manager = NDManager.newBaseManager();
                CapturedLogs logs = new CapturedLogs("dev.asyncdataset", Level.WARN)) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(16, false)
                            .optBadItemPolicy(BadItemPolicy.SKIP)
                            .build();
            List<Long> delivered = drain(dataset, manager);
            Set<String> skipped = new TreeSet<>();
            for (long i = 0; i < source.size(); i++) {
                if (!delivered.contains(i)) {
                    skipped.add(ItemKeys.key(source, i, "s3://outage/"));
                }
            }
            assertEquals(new TreeSet<>(bad), skipped);
            assertEquals(ITEMS - bad.size(), delivered.size());
            assertEquals(bad.size(), dataset.stats().skippedItems());
            for (String key : bad) {
                assertEquals(
                        1,
                        logs.messages().stream().filter(m -> m.contains(key)).count(),
                        key + " not logged once: " + logs.messages());
            }
        }
    }

    /**
     * The store goes down for 10 seconds once the epoch has started; with the default options (a
     * 30-second retry budget, no attempt cap) every item still arrives, exactly once. The former
     * default of 5 attempts lost items to a 4.6-second restart.
     */
    @Test
    void aTenSecondOutageWithDefaultOptionsLosesNothing() throws Exception {
        try (LabeledImageSource source = s3.sourceBuilder("s3://outage/train").build();
                NDManager manager = NDManager.newBaseManager();
                ExecutorService resumer = Executors.newSingleThreadExecutor()) {
            List<Long> delivered = new ArrayList<>();
            Future<?> comeback = null;
            long start = System.nanoTime();
            try {
                for (Batch batch : dataset(source).getData(manager)) {
                    if (comeback == null) {
                        s3.pause();
                        comeback = resumer.submit(() -> resumeAfterOutage(source));
                    }
                    indices(batch, delivered);
                }
            } finally {
                if (comeback != null) {
                    comeback.get(60, TimeUnit.SECONDS);
                }
            }
            assertEquals(ITEMS, new TreeSet<>(delivered).size());
            assertEquals(ITEMS, delivered.size());
            assertTrue(source.stats().retries() > 0);
            System.out.printf(
                    "10 s outage: %d items, %d retries, epoch %d ms%n",
                    delivered.size(),
                    source.stats().retries(),
                    (System.nanoTime() - start) / 1_000_000);
        }
    }

    @Test
    void aServerGoneForGoodEndsTheEpochWithAClearErrorAndNoHang() throws Exception {
        try (LabeledImageSource source = source(3);
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset = dataset(source);
            dataset.prepare();
            s3.pause();
            DataLoadingException e =
                    assertThrows(DataLoadingException.class, () -> drain(dataset, manager));
            assertInstanceOf(BadItemException.class, e.getCause());
            assertTrue(e.getKey().startsWith("s3://outage/train/"), e.getKey());
            assertTrue(e.getMessage().contains("still failing after 3 attempts"), e.getMessage());
            System.out.println("server gone: " + e.getMessage());
        }
    }

    private LabeledImageSource source(int attempts) throws Exception {
        return s3.sourceBuilder("s3://outage/train")
                .optStore(
                        s3.storeOptions()
                                .optMaxAttempts(attempts)
                                .optRequestTimeout(REQUEST_TIMEOUT)
                                .build())
                .build();
    }

    private static ConcurrentDataset dataset(LabeledImageSource source) {
        return ConcurrentDataset.builder().setSource(source).setSampling(16, false).build();
    }

    /** Waits, bounded, until a fetch has failed (the outage was seen), then 10 s, and resumes. */
    private Void resumeAfterOutage(LabeledImageSource source) throws Exception {
        Poll.until("a fetch noticed the outage", () -> source.stats().retries() > 0);
        Thread.sleep(OUTAGE.toMillis());
        s3.resume();
        return null;
    }

    private static List<Long> drain(ConcurrentDataset dataset, NDManager manager) throws Exception {
        List<Long> delivered = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            indices(batch, delivered);
        }
        return delivered;
    }

    private static void indices(Batch batch, List<Long> into) {
        for (Object index : batch.getIndices()) {
            into.add((Long) index);
        }
        batch.close();
    }
}
