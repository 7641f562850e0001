package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.Poll;
import dev.asyncdataset.testing.ResidentMemory;
import dev.asyncdataset.testing.TestImages;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many epochs of real JPEG decoding and augmentation: the open NDArrays and the loader threads are
 * back to zero after every epoch, and after a warm-up the process's resident memory (measured after
 * a GC, so that heap growth does not hide or fake a trend) and its thread count stay flat. 30
 * measured epochs by default; more with {@code -Dasyncdataset.longrun.epochs=300}. The loader takes
 * the recycled-buffer path, and the tests run without {@code MALLOC_ARENA_MAX} (the surefire
 * configuration does not set it), so glibc's default arenas are what stays flat here.
 *
 * <p>Measured here (per-item path, MALLOC_ARENA_MAX=2): resident memory grows about 35 MB over the
 * first 60 epochs (JIT, code cache, allocator arenas), by 80 to 220 KiB per epoch over the next 30,
 * and by a few KiB per epoch after 150. Recycled path without MALLOC_ARENA_MAX, one run on a busy
 * machine: 35 KiB per epoch over the 30 epochs after warm-up. A decoded 96 x 96 image leaked per
 * item adds 3.5 MB per epoch; the bound of 1 MiB per epoch catches any per-item native leak above 8
 * KiB. Leaked arrays are caught exactly, by count.
 */
@Tag("long")
class LongRunTest {

    private static final int EPOCHS = Integer.getInteger("asyncdataset.longrun.epochs", 30);
    private static final int WARM_UP = 60;
    private static final double MAX_RSS_SLOPE_KIB = 1024;

    @Test
    @Timeout(1_800)
    void residentMemoryArraysAndThreadsStayFlatOverManyEpochs(@TempDir Path root) throws Exception {
        TestImages.write(root, TestImages.classFolders(4, 32, 96, 96));
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(FolderSource.builder().setLocation(root.toString()).build())
                        .setSampling(16, true)
                        .optPipeline(ImageRecipes.training(64))
                        .optSeed(3)
                        .build();
        List<Double> rssKib = new ArrayList<>();
        List<Double> threads = new ArrayList<>();
        try (NDManager trainer = NDManager.newBaseManager()) {
            int arrays = trainer.getManagedArrays().size();
            for (int epoch = 0; epoch < WARM_UP + EPOCHS; epoch++) {
                for (Batch batch : dataset.getData(trainer)) {
                    batch.close();
                }
                assertEquals(arrays, trainer.getManagedArrays().size(), "arrays after " + epoch);
                // an epoch another test abandoned may still be closing on the cleaner thread
                Poll.until("loader threads after epoch " + epoch, () -> StageThreads.live() == 0);
                System.gc();
                rssKib.add((double) ResidentMemory.totalKib());
                threads.add((double) ManagementFactory.getThreadMXBean().getThreadCount());
            }
        }
        assertEquals("recycled", dataset.stats().bufferPath());
        double rssSlope = ResidentMemory.slope(rssKib.subList(WARM_UP, rssKib.size()));
        double threadSlope = ResidentMemory.slope(threads.subList(WARM_UP, threads.size()));
        System.out.printf(
                "long run (MALLOC_ARENA_MAX=%s): %d epochs after warm-up, RSS %.0f -> %.0f KiB,"
                        + " slope %.1f KiB/epoch; threads %.0f -> %.0f, slope %.3f/epoch%n",
                System.getenv("MALLOC_ARENA_MAX"),
                EPOCHS,
                rssKib.get(WARM_UP),
                rssKib.getLast(),
                rssSlope,
                threads.get(WARM_UP),
                threads.getLast(),
                threadSlope);
        assertTrue(rssSlope < MAX_RSS_SLOPE_KIB, "resident memory grows: " + rssKib);
        assertTrue(threadSlope < 0.1, "threads grow: " + threads);
    }
}
