package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.testing.BatchIndices;
import dev.asyncdataset.testing.Poll;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * ConcurrentDataset reads all the items of a batch at once, so a batch costs about one storage
 * wait; DJL's own loader reads them one after another and pays one wait per item. Shown by how many
 * reads are under way together, not by time, which a busy machine stretches.
 */
class WithinBatchConcurrencyTest extends CpuManagerTest {

    private static final int BATCH = 32;

    @Test
    void allTheItemsOfABatchAreReadAtOnce() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setDataset(new GatedDataset(BATCH * 4))
                        .setSampling(BATCH, false)
                        .optFetchers(64)
                        .optPrefetchNumber(1)
                        .build();
        List<List<Long>> batches = BatchIndices.take(dataset.getData(manager).iterator(), -1);
        assertEquals(LongStream.range(0, BATCH * 4).boxed().toList(), BatchIndices.flat(batches));
    }

    @Test
    void djlsOwnLoaderReadsTheItemsOfABatchOneAfterAnother() throws Exception {
        TestSources.SlowDataset slow = new TestSources.SlowDataset(BATCH * 2, 1, BATCH);
        for (Batch batch : slow.getData(manager)) {
            batch.close();
        }
        assertEquals(1, slow.maxConcurrent());
    }

    /**
     * Items whose first {@code BATCH} reads each wait until all of them are under way: a loader
     * that reads the items of a batch one after another fails its first batch, naming the reads
     * missing.
     */
    private static final class GatedDataset extends TestSources.SlowDataset {
        private final CountDownLatch batchUnderWay = new CountDownLatch(BATCH);

        GatedDataset(long size) {
            super(size, 0, BATCH);
        }

        @Override
        public Record get(NDManager manager, long index) {
            batchUnderWay.countDown();
            try {
                if (!batchUnderWay.await(Poll.LIMIT.toMillis(), TimeUnit.MILLISECONDS)) {
                    throw new IllegalStateException(
                            batchUnderWay.getCount() + " reads of the batch never started");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return super.get(manager, index);
        }
    }
}
