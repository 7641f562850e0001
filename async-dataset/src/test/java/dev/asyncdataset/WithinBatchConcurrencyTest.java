package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.RandomAccessDataset;
import java.util.Iterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A dataset whose {@code get} waits 20 ms per item, batch size 32: DJL's own loader pays the wait
 * once per item, ConcurrentDataset about once per batch. Bounds are generous on purpose.
 */
@Timeout(120)
class WithinBatchConcurrencyTest extends CpuManagerTest {

    private static final int WAIT_MILLIS = 20;
    private static final int BATCH = 32;
    private static final int MEASURED = 4;

    @Test
    void aBatchCostsAboutOneStorageWaitNotOnePerItem() throws Exception {
        RandomAccessDataset slow = new TestSources.SlowDataset(BATCH * 8, WAIT_MILLIS, BATCH);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setDataset(slow)
                        .setSampling(BATCH, false)
                        .optFetchers(64)
                        .optWorkers(1)
                        .build();
        double waits = waitsPerBatch(dataset.getData(manager).iterator());
        assertTrue(waits < 8, "ConcurrentDataset took " + waits + " waits per batch");
    }

    @Test
    void djlsOwnLoaderPaysOneWaitPerItem() throws Exception {
        RandomAccessDataset slow = new TestSources.SlowDataset(BATCH * 8, WAIT_MILLIS, BATCH);
        double waits = waitsPerBatch(slow.getData(manager).iterator());
        assertTrue(waits >= 0.9 * BATCH, "DJL took " + waits + " waits per batch");
    }

    /** Time per batch after a warm-up batch, in units of one item's wait. */
    private static double waitsPerBatch(Iterator<Batch> batches) {
        batches.next().close();
        long start = System.nanoTime();
        for (int i = 0; i < MEASURED; i++) {
            batches.next().close();
        }
        double millisPerBatch = (System.nanoTime() - start) / 1e6 / MEASURED;
        while (batches.hasNext()) {
            batches.next().close();
        }
        return millisPerBatch / WAIT_MILLIS;
    }
}
