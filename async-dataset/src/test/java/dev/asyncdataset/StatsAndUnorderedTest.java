package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SourceStats;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class StatsAndUnorderedTest extends CpuManagerTest {

    @Test
    void statsCountTheEpochAndTheTrainersDataWait() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setDataset(new TestSources.SlowDataset(40, 5, 8))
                        .setSampling(8, false)
                        .optFetchers(1)
                        .build();
        for (Batch batch : dataset.getData(manager)) {
            batch.close();
        }
        LoaderStats stats = dataset.stats();
        assertEquals(0, stats.epoch());
        assertEquals(5, stats.batches());
        assertEquals(40, stats.items());
        assertTrue(stats.fetchP50Millis() >= 5, "fetch p50 " + stats.fetchP50Millis());
        assertTrue(stats.dataWaitShare() > 0.5, "one fetcher: the trainer mostly waits");
        assertTrue(stats.itemsPerSecond() > 0);
        assertEquals(1, stats.fetchLimit());
        assertTrue(
                DataWaitListener.describe(stats).contains("slowest stage: storage"),
                DataWaitListener.describe(stats));
        assertTrue(
                DataWaitListener.describe(stats).contains("fetch limit 1)"),
                DataWaitListener.describe(stats));
    }

    @Test
    void eachEpochsStatsCountOnlyTheRetriesAndCacheLookupsOfThatEpoch() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new RetryingSource())
                        .setSampling(4, false)
                        .build();
        for (int epoch = 0; epoch < 3; epoch++) {
            for (Batch batch : dataset.getData(manager)) {
                batch.close();
            }
            LoaderStats stats = dataset.stats();
            assertEquals(epoch, stats.epoch());
            assertEquals(RetryingSource.ITEMS, stats.sourceStats().retries(), "epoch " + epoch);
            assertEquals(RetryingSource.ITEMS, stats.sourceStats().cacheMisses(), "epoch " + epoch);
        }
    }

    /** A source whose every fetch is counted as one retried request and one cache miss. */
    private static final class RetryingSource implements ItemSource<Long> {
        static final int ITEMS = 12;
        private final AtomicLong fetches = new AtomicLong();

        @Override
        public long size() {
            return ITEMS;
        }

        @Override
        public Long fetch(NDManager manager, long index) {
            fetches.incrementAndGet();
            return index;
        }

        @Override
        public Record decode(NDManager manager, long index, Long fetched) {
            return TestSources.item(manager, index);
        }

        @Override
        public SourceStats stats() {
            return new SourceStats(fetches.get(), 0, fetches.get(), 0, 0, 0);
        }
    }

    @Test
    void unorderedModeDoesNotLetASlowItemBlockTheBatchesBehindIt() throws Exception {
        CountDownLatch laterBatchesDelivered = new CountDownLatch(1);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new SlowFirstItem(laterBatchesDelivered))
                        .setSampling(4, false)
                        .optPrefetchNumber(4)
                        .optStagingDepth(4)
                        .optInOrder(false)
                        .build();
        List<Long> firstIndices = new ArrayList<>();
        int delivered = 0;
        for (Batch batch : dataset.getData(manager)) {
            firstIndices.add((Long) batch.getIndices().get(0));
            if (++delivered == 3) {
                laterBatchesDelivered.countDown();
            }
            batch.close();
        }
        assertEquals(
                java.util.Set.of(4L, 8L, 12L), java.util.Set.copyOf(firstIndices.subList(0, 3)));
        assertEquals(0L, firstIndices.get(3), "the batch with the slow item comes last");
    }

    /** Item 0 cannot be fetched until the trainer has received three later batches. */
    private static final class SlowFirstItem implements ItemSource<Long> {
        private final CountDownLatch release;

        SlowFirstItem(CountDownLatch release) {
            this.release = release;
        }

        @Override
        public long size() {
            return 16;
        }

        @Override
        public Long fetch(NDManager manager, long index) throws InterruptedException {
            if (index == 0 && !release.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("later batches were blocked by item 0");
            }
            return index;
        }

        @Override
        public Record decode(NDManager manager, long index, Long fetched) {
            return TestSources.item(manager, index);
        }
    }
}
