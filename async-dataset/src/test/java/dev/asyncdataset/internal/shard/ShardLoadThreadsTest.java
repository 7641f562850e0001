package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.testing.Poll;
import java.io.InterruptedIOException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/** The threads that read a streamed epoch's shards are seen by the loader-thread leak checks. */
class ShardLoadThreadsTest {

    @Test
    void aShardLoadIsCountedAsALoaderThreadUntilTheEpochsShardsClose() throws Exception {
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        String[] readBy = new String[1];
        ShardLoader.ShardReader blocked =
                (shard, into) -> {
                    readBy[0] = Thread.currentThread().getName();
                    reading.countDown();
                    try {
                        finish.await();
                    } catch (InterruptedException e) {
                        throw new InterruptedIOException("closed");
                    }
                    return 0;
                };
        int before = StageThreads.live();
        ShardSpans spans = ShardSpans.of(new long[] {0}, 1, item -> 0, 1);
        ShardLoader loader =
                new ShardLoader(
                        new ShardReads(
                                "shard",
                                item -> 0,
                                1,
                                blocked,
                                new ShardBuffers(8),
                                ShardReads.Mode.ONE_AHEAD),
                        spans,
                        (s, b, l, f) -> {});
        loader.start();
        reading.await();
        assertTrue(readBy[0].startsWith("async-dataset-shard-load-"), readBy[0]);
        assertTrue(StageThreads.live() > before, "the blocked shard load is not counted");
        finish.countDown();
        loader.close();
        Poll.until("shard-load threads ended", () -> StageThreads.live() == before);
    }
}
