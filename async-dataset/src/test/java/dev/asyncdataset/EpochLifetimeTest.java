package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.internal.Loader;
import dev.asyncdataset.internal.StageThreads;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * When an epoch ends other than by running to its end: the trainer's manager closed under it, or
 * the loop left with {@code break} and the next epoch started.
 */
@Timeout(120)
class EpochLifetimeTest extends CpuManagerTest {

    private NDManager trainer;

    @BeforeEach
    void openTrainer() {
        trainer = manager.newSubManager();
    }

    @Test
    void afterTheTrainerManagerClosesTheIteratorFailsAtOnceAndHandsOutNoFreedBatch()
            throws Exception {
        ConcurrentDataset dataset = inMemory(400, 4);
        Iterator<Batch> batches = dataset.getData(trainer).iterator();
        batches.next();
        while (dataset.stats().batchesReady() < 1) {
            Thread.onSpinWait();
        }
        trainer.close();
        assertThrows(DataLoadingException.class, batches::hasNext);
        assertThrows(NoSuchElementException.class, batches::next, "the epoch is over");
    }

    @Test
    void aBatchPeekedBeforeTheTrainerManagerClosesIsNotHandedOutFreed() throws Exception {
        ConcurrentDataset dataset = inMemory(400, 4);
        Iterator<Batch> batches = dataset.getData(trainer).iterator();
        assertTrue(batches.hasNext());
        trainer.close();
        assertThrows(DataLoadingException.class, batches::next);
    }

    @Test
    void startingTheNextEpochReleasesTheAbandonedOneWithoutAGarbageCollection() throws Exception {
        ConcurrentDataset dataset = inMemory(256, 8);
        int threadsOfOneEpoch = 0;
        Iterator<Batch> abandoned = null;
        for (int epoch = 0; epoch < 10; epoch++) {
            abandoned = dataset.getData(trainer).iterator();
            abandoned.next().close();
            threadsOfOneEpoch = Math.max(threadsOfOneEpoch, StageThreads.live());
            assertEquals(1, Loader.open(), "only the current epoch's loader is open");
        }
        assertTrue(StageThreads.live() <= threadsOfOneEpoch, "threads " + StageThreads.live());
        Iterator<Batch> current = dataset.getData(trainer).iterator();
        DataLoadingException e = assertThrows(DataLoadingException.class, abandoned::hasNext);
        assertTrue(e.getMessage().contains("a newer epoch"), e.getMessage());
        current.forEachRemaining(Batch::close);
        assertEquals(0, Loader.open());
        assertEquals(0, StageThreads.live());
        assertEquals(0, trainer.getManagedArrays().size());
    }

    private ConcurrentDataset inMemory(int items, int batchSize) {
        return ConcurrentDataset.builder()
                .setData(manager.zeros(new Shape(items, 4)))
                .setSampling(batchSize, false)
                .build();
    }
}
