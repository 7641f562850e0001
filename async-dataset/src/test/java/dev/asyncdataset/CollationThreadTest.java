package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import ai.djl.translate.StackBatchifier;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.ItemSource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Stacking is JNI work, which pins a virtual thread's carrier: it must run on a decode (platform)
 * thread even when the item that completes the batch is a bad one skipped on its fetch thread.
 */
@Timeout(120)
class CollationThreadTest extends CpuManagerTest {

    @Test
    void aBatchCompletedBySkippingABadItemAtFetchIsStackedOnAPlatformThread() throws Exception {
        List<Thread> stackedOn = new CopyOnWriteArrayList<>();
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new LastSlotFailsAfterTheOthers())
                        .setSampling(2, false)
                        .optBadItemPolicy(BadItemPolicy.SKIP)
                        .optDecodeThreads(1)
                        .optFetchers(4)
                        .optDataBatchifier(new RecordingStack(stackedOn))
                        .build();
        int items = 0;
        for (Batch batch : dataset.getData(manager)) {
            items += batch.getSize();
            batch.close();
        }
        assertEquals(3, items, "batch [0, 1] keeps item 0, batch [2, 3] both");
        assertEquals(2, stackedOn.size());
        for (Thread thread : stackedOn) {
            assertFalse(thread.isVirtual(), "stacked on " + thread);
        }
    }

    /**
     * Items 0 to 3 in batches [0, 1] and [2, 3]; item 1 is bad at fetch and fails only once item 0
     * is in its batch. With one decode thread that is certain: item 2's fetch waits for item 0's
     * decode to start, item 1's for item 2's, and the decode thread runs item 0 to the end (into
     * its batch slot) before it starts item 2. So item 1's fetch thread fills the batch's last
     * slot.
     */
    private static final class LastSlotFailsAfterTheOthers implements ItemSource<Long> {
        private final CountDownLatch[] decodeStarted = {
            new CountDownLatch(1),
            new CountDownLatch(1),
            new CountDownLatch(1),
            new CountDownLatch(1)
        };

        @Override
        public long size() {
            return 4;
        }

        @Override
        public Long fetch(NDManager manager, long index) throws Exception {
            if (index == 2) {
                await(0);
            } else if (index == 1) {
                await(2);
                throw new BadItemException("mem://1", "bad on purpose", null);
            }
            return index;
        }

        @Override
        public Record decode(NDManager manager, long index, Long value) {
            decodeStarted[Math.toIntExact(index)].countDown();
            return TestSources.item(manager, index);
        }

        private void await(int index) throws InterruptedException {
            if (!decodeStarted[index].await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("item " + index + " never decoded");
            }
        }
    }

    /** Stacks as DJL does, recording the thread. */
    private static final class RecordingStack extends StackBatchifier {
        private final List<Thread> threads;

        RecordingStack(List<Thread> threads) {
            this.threads = threads;
        }

        @Override
        public NDList batchify(NDList[] inputs) {
            threads.add(Thread.currentThread());
            return super.batchify(inputs);
        }
    }
}
