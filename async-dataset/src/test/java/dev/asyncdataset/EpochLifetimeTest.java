package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.testing.Poll;
import java.util.Iterator;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * When an epoch ends other than by running to its end: the trainer's manager closed under it (the
 * loop left with {@code break}: {@link InterleavedEpochsTest}).
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
        Poll.until("a batch staged", () -> dataset.stats().batchesReady() >= 1);
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

    private ConcurrentDataset inMemory(int items, int batchSize) {
        return ConcurrentDataset.builder()
                .setData(manager.zeros(new Shape(items, 4)))
                .setSampling(batchSize, false)
                .build();
    }
}
