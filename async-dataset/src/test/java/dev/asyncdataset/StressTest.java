package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.testing.ConsumerThreads;
import dev.asyncdataset.testing.ConsumerThreads.Ending;
import dev.asyncdataset.testing.Loaders;
import dev.asyncdataset.testing.Poll;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Many short epochs with 256 fetchers and 8 workers over items that finish in random order, each
 * ended at a random point by a break, an interrupt of the training thread from another thread,
 * closing the trainer's manager, or the end of the epoch: no deadlock, no unexpected error, and no
 * loader thread or array left after any of them. The seed is printed; rerun one with {@code
 * -Dasyncdataset.stress.seed=...}, or more with {@code -Dasyncdataset.stress.iterations}.
 */
@Tag("stress")
class StressTest {

    private static final long SEED = Long.getLong("asyncdataset.stress.seed", System.nanoTime());
    private static final int ITERATIONS = Integer.getInteger("asyncdataset.stress.iterations", 200);

    @Test
    @Timeout(900)
    void randomBreaksInterruptsAndClosesNeitherDeadlockNorLeak() throws Exception {
        System.out.println("stress seed " + SEED);
        Random random = new Random(SEED);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new TestSources.Jittery(256))
                        .setSampling(4, true)
                        .optFetchers(256)
                        .optPrefetchNumber(8)
                        .build();
        Map<Ending, Integer> endings = new EnumMap<>(Ending.class);
        List<Throwable> unexpected = new CopyOnWriteArrayList<>();
        try (NDManager root = NDManager.newBaseManager()) {
            int baseline = root.getManagedArrays().size();
            for (int i = 0; i < ITERATIONS; i++) {
                Ending ending = Ending.draw(random, Ending.values());
                endings.merge(ending, 1, Integer::sum);
                NDManager trainer = root.newSubManager();
                int stopAfter = 1 + random.nextInt(64);
                ConsumerThreads.run(
                        "iteration " + i + " (" + ending + ")",
                        () -> consume(dataset, trainer, ending, stopAfter, unexpected),
                        ending,
                        random);
                trainer.close();
                Poll.until("loader left running after " + i, Loaders::releasedAfterGc);
                assertEquals(baseline, root.getManagedArrays().size(), "arrays after " + i);
            }
        }
        System.out.println("stress endings " + endings);
        assertEquals(List.of(), unexpected, "seed " + SEED);
    }

    private static void consume(
            ConcurrentDataset dataset,
            NDManager trainer,
            Ending ending,
            int stopAfter,
            List<Throwable> unexpected) {
        try {
            int taken = 0;
            for (Batch batch : dataset.getData(trainer)) {
                batch.close();
                if (++taken == stopAfter && ending == Ending.BREAK) {
                    break;
                }
                if (taken == stopAfter && ending == Ending.CLOSE_MANAGER) {
                    trainer.close();
                    break;
                }
            }
        } catch (Exception | Error e) {
            ConsumerThreads.collect(e, ending, unexpected);
        }
    }
}
