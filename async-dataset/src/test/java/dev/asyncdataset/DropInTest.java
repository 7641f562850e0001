package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SourceStats;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Behaviour a DJL user meets after the one-line swap, compared with DJL's own loader. */
@Timeout(120)
class DropInTest extends CpuManagerTest {

    @Test
    void failuresAreIllegalStateExceptionsAsInDjlsLoader() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new TestSources.WithBadItems(8, 3L))
                        .setSampling(4, false)
                        .build();
        RuntimeException thrown = null;
        try {
            for (Batch batch : dataset.getData(manager)) {
                batch.close();
            }
        } catch (IllegalStateException e) {
            thrown = e;
        }
        DataLoadingException failure = assertInstanceOf(DataLoadingException.class, thrown);
        assertEquals(3, failure.getIndex());
        assertEquals("mem://items/3", failure.getKey());
    }

    @Test
    void prefetchNumberBoundsTheBatchesInFlight() throws Exception {
        CountingSource source = new CountingSource(64);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(4, false)
                        .optFetchers(64)
                        .optPrefetchNumber(1)
                        .build();
        for (Batch batch : dataset.getData(manager)) {
            batch.close();
        }
        assertTrue(source.maxConcurrent.get() <= 4, "reads at once: " + source.maxConcurrent);
    }

    @Test
    void waitListenerSaysWhenNoStageExplainsTheWait() {
        // a tiny in-memory run: 54% wait, decode 0.01 ms per item, 0.16 ms of wall time per item
        LoaderStats stats =
                new LoaderStats(
                        0,
                        4,
                        64,
                        0,
                        0,
                        10_000_000,
                        5_400_000,
                        0.001,
                        0.002,
                        0.003,
                        0.01,
                        1,
                        1,
                        16,
                        SourceStats.ZERO,
                        "per-item",
                        0,
                        0,
                        List.of());
        String line = DataWaitListener.describe(stats);
        assertTrue(line.contains("slowest stage: cannot tell"), line);
        assertFalse(line.contains("decode ("), line);
    }

    /** Items whose reads take 2 ms each, counting how many run at once. */
    private static final class CountingSource implements ItemSource<Long> {
        private final AtomicInteger running = new AtomicInteger();
        private final AtomicInteger maxConcurrent = new AtomicInteger();
        private final long size;

        CountingSource(long size) {
            this.size = size;
        }

        @Override
        public long size() {
            return size;
        }

        @Override
        public Long fetch(NDManager manager, long index) throws InterruptedException {
            maxConcurrent.accumulateAndGet(running.incrementAndGet(), Math::max);
            try {
                Thread.sleep(2);
                return index;
            } finally {
                running.decrementAndGet();
            }
        }

        @Override
        public Record decode(NDManager manager, long index, Long value) {
            return TestSources.item(manager, index);
        }
    }
}
