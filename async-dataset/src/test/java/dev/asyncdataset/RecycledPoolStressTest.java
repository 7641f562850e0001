package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.ConsumerThreads;
import dev.asyncdataset.testing.ConsumerThreads.Ending;
import dev.asyncdataset.testing.Loaders;
import dev.asyncdataset.testing.Poll;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Recycled buffers under the stress test's endings (finish, break, interrupt, closing the trainer's
 * manager), with the trainer keeping up to two batches open and closing them in random order: a
 * kept batch never changes before it is closed, and every block comes back, so the pool never holds
 * more than the blocks one epoch can use at once (the bound the {@code internal.pipeline} package
 * states: the batches in flight and one per hand-over slot, none lent as the trainer asks for the
 * next batch with fewer than the staging depth open), and a single block lost in any iteration
 * fails it. The seed is printed; rerun one with {@code -Dasyncdataset.stress.seed=...}.
 */
@Tag("stress")
class RecycledPoolStressTest {

    private static final long SEED = Long.getLong("asyncdataset.stress.seed", System.nanoTime());
    private static final int ITERATIONS = 60;
    private static final int BATCH = 4;
    private static final int SIZE = 16;
    private static final int WORKERS = 3;
    private static final int STAGING = 3;
    private static final long BLOCK_BYTES = BATCH * (SIZE * SIZE * 3 + Long.BYTES);

    @Test
    @Timeout(600)
    void keptBatchesNeverChangeAndEveryBlockComesBack(@TempDir Path root) throws Exception {
        System.out.println("recycled stress seed " + SEED);
        TestImages.write(root, TestImages.classFolders(3, 12, 40, 30));
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(FolderSource.builder().setLocation(root.toString()).build())
                        .setSampling(BATCH, true)
                        .optPipeline(ImageRecipes.training(SIZE))
                        .optFetchers(8)
                        .optPrefetchNumber(WORKERS)
                        .optStagingDepth(STAGING)
                        .build();
        Random random = new Random(SEED);
        List<Throwable> unexpected = new CopyOnWriteArrayList<>();
        for (int i = 0; i < ITERATIONS; i++) {
            Ending ending = Ending.draw(random, Ending.values());
            long consumerSeed = random.nextLong();
            NDManager trainer = NDManager.newBaseManager();
            ConsumerThreads.run(
                    "iteration " + i + " (" + ending + ")",
                    () -> consume(dataset, trainer, ending, consumerSeed, unexpected),
                    ending,
                    random);
            trainer.close();
            Poll.until("loader left running after " + i, Loaders::releasedAfterGc);
            assertEquals("recycled", dataset.stats().bufferPath());
            long held = dataset.stats().hostBytesHeld();
            assertTrue(
                    held <= (WORKERS + STAGING) * BLOCK_BYTES,
                    "iteration " + i + ": the pool holds " + held + " bytes, blocks leak");
        }
        assertEquals(List.of(), unexpected, "seed " + SEED);
    }

    private static void consume(
            ConcurrentDataset dataset,
            NDManager trainer,
            Ending ending,
            long seed,
            List<Throwable> unexpected) {
        Random random = new Random(seed);
        int stopAfter = 1 + random.nextInt(12);
        List<Kept> kept = new ArrayList<>();
        try {
            int taken = 0;
            for (Batch batch : dataset.getData(trainer)) {
                kept.add(new Kept(batch));
                if (kept.size() > 2) {
                    kept.remove(random.nextInt(kept.size())).checkAndClose();
                }
                if (++taken == stopAfter && ending != Ending.FINISH) {
                    break;
                }
            }
        } catch (Exception | Error e) {
            ConsumerThreads.collect(e, ending, unexpected);
        }
        try {
            while (!kept.isEmpty()) {
                Kept next = kept.remove(random.nextInt(kept.size()));
                if (ending == Ending.CLOSE_MANAGER) {
                    next.check();
                } else {
                    next.checkAndClose();
                }
            }
        } catch (Exception | Error e) {
            unexpected.add(e);
        }
        if (ending == Ending.CLOSE_MANAGER) {
            trainer.close();
        }
    }

    /** A batch the trainer keeps open, with its contents when it was delivered. */
    private record Kept(Batch batch, List<byte[]> delivered) {

        Kept(Batch batch) {
            this(batch, RecycledBuffersTest.contents(batch));
        }

        void check() {
            List<byte[]> now = RecycledBuffersTest.contents(batch);
            assertArrayEquals(delivered.get(0), now.get(0), "data changed while open");
            assertArrayEquals(delivered.get(1), now.get(1), "labels changed while open");
        }

        void checkAndClose() {
            check();
            batch.close();
        }
    }
}
