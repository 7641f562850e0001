package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.pipeline.Loader;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.testing.Loaders;
import dev.asyncdataset.testing.Poll;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class FailureAndCleanupTest {

    private NDManager root;
    private NDManager trainer;

    @BeforeEach
    void setUp() {
        root = NDManager.newBaseManager(Device.cpu());
        trainer = root.newSubManager();
    }

    @AfterEach
    void tearDown() {
        root.close();
    }

    @Test
    void failingItemReachesTheTrainerThreadNamingItsIndexAndKey() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new TestSources.WithBadItems(64, 37L))
                        .setSampling(8, false)
                        .optFetchers(16)
                        .build();
        Thread trainerThread = Thread.currentThread();
        AtomicReference<Thread> thrownOn = new AtomicReference<>();
        DataLoadingException e =
                assertThrows(
                        DataLoadingException.class,
                        () -> {
                            try {
                                for (Batch batch : dataset.getData(trainer)) {
                                    batch.close();
                                }
                            } finally {
                                thrownOn.set(Thread.currentThread());
                            }
                        });
        assertEquals(trainerThread, thrownOn.get());
        assertEquals(37, e.getIndex());
        assertEquals(4, e.getBatch());
        assertTrue(e.getMessage().contains("mem://items/37"), e.getMessage());
        assertTrue(e.getCause() instanceof BadItemException);
        assertReleased();
    }

    @Test
    void skipPolicyLeavesBadItemsOutAndCountsThem() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new TestSources.WithBadItems(16, 3L, 4L, 5L, 6L, 7L, 9L))
                        .setSampling(4, false)
                        .optBadItemPolicy(BadItemPolicy.SKIP)
                        .build();
        int items = 0;
        for (Batch batch : dataset.getData(trainer)) {
            items += batch.getSize();
            assertEquals(batch.getSize(), batch.getData().head().getShape().get(0));
            batch.close();
        }
        assertEquals(10, items, "batch 4..7 is left out entirely, batch 8..11 has 3 items");
        assertEquals(6, dataset.stats().skippedItems());
        assertReleased();
    }

    @Test
    void earlyBreakRepeatedFiftyTimesLeavesNoThreadsOrArrays() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setData(root.randomUniform(0, 1, new ai.djl.ndarray.types.Shape(256, 16)))
                        .setSampling(8, true)
                        .optPrefetchNumber(4)
                        .build();
        int baselineArrays = root.getManagedArrays().size();
        for (int run = 0; run < 50; run++) {
            int k = 0;
            for (Batch batch : dataset.getData(trainer)) {
                batch.close();
                if (++k == 1 + run % 5) {
                    break;
                }
            }
        }
        Poll.until("loaders released", Loaders::releasedAfterGc);
        Poll.until(
                "arrays back to the baseline",
                () -> root.getManagedArrays().size() == baselineArrays);
    }

    @Test
    void closingTheIteratorEarlyReleasesEverythingAtOnce() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setData(root.randomUniform(0, 1, new ai.djl.ndarray.types.Shape(256, 16)))
                        .setSampling(8, false)
                        .build();
        for (int run = 0; run < 50; run++) {
            Iterator<Batch> batches = dataset.getData(trainer).iterator();
            batches.next().close();
            ((AutoCloseable) batches).close();
            assertEquals(0, StageThreads.live());
            assertEquals(0, trainer.getManagedArrays().size());
        }
    }

    @Test
    void interruptingTheTrainerThreadStopsTheLoader() throws Exception {
        TestSources.SlowDataset slow = new TestSources.SlowDataset(1000, 50, 10);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setDataset(slow)
                        .setSampling(10, false)
                        .optFetchers(2)
                        .build();
        Iterator<Batch> batches = dataset.getData(trainer).iterator();
        batches.next().close();
        Thread.currentThread().interrupt();
        DataLoadingException e = assertThrows(DataLoadingException.class, batches::next);
        assertTrue(Thread.interrupted(), "the interrupt flag is kept");
        assertTrue(e.getCause() instanceof InterruptedException);
        assertReleased();
    }

    @Test
    void closingTheTrainerManagerStopsTheLoader() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setData(root.zeros(new ai.djl.ndarray.types.Shape(400, 4)))
                        .setSampling(4, false)
                        .build();
        Iterator<Batch> batches = dataset.getData(trainer).iterator();
        batches.next();
        trainer.close();
        Poll.until(
                "the loader stopped by itself",
                () -> StageThreads.live() == 0 && Loader.open() == 0);
        assertEquals(0, root.getManagedArrays().size() - 1);
    }

    private void assertReleased() {
        assertEquals(0, StageThreads.live(), "loader threads still running");
        assertEquals(0, Loader.open(), "loader host arrays not freed");
        assertEquals(0, trainer.getManagedArrays().size(), "arrays left attached");
    }
}
