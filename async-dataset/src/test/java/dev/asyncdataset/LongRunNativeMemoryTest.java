package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.ResidentMemory;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many epochs with no garbage collection forced: native memory is freed by its owner, not by a
 * collector. After a warm-up, the direct buffers alive (the JDK's count, which includes those only
 * a collection would free) grow by no more than the recycled host blocks the dataset holds (64 KiB
 * of slack), and the resident memory outside the Java heap stays flat. Heap sizing is the
 * collector's choice and not the loader's, so the heap's own pages are left out of the slope; the
 * whole resident set is printed. Runs the recycled, normalized path ({@code deviceNormalize()} on
 * the CPU). The full-size check over 20 minutes is {@code LongRunMemory} in the examples
 * (RELIABILITY.md).
 *
 * <p>Before native memory was released by its owners, each epoch left a direct scratch row per
 * decode thread to the collector (27 KiB each at 96 x 96 px): one run of this test on that code
 * ended 216 KiB above the warm-up with the collector running; outside the heap it grew 195 KiB per
 * epoch where this code grew 41.
 */
@Tag("long")
class LongRunNativeMemoryTest {

    private static final int EPOCHS = Integer.getInteger("asyncdataset.longrun.epochs", 30);
    private static final int WARM_UP = 40;
    private static final long DIRECT_SLACK = 64 * 1024;
    private static final double MAX_NATIVE_SLOPE_KIB = 1024;

    @Test
    @Timeout(1_800)
    void nativeMemoryIsFreedByItsOwnersWithoutACollection(@TempDir Path root) throws Exception {
        TestImages.write(root, TestImages.classFolders(4, 32, 96, 96));
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(FolderSource.builder().setLocation(root.toString()).build())
                        .setSampling(16, true)
                        .optPipeline(ImageRecipes.training(96))
                        .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                        .optSeed(5)
                        .build();
        List<Double> nativeKib = new ArrayList<>();
        List<Long> unpooledDirect = new ArrayList<>();
        long rssStart = 0;
        try (NDManager trainer = NDManager.newBaseManager()) {
            for (int epoch = 0; epoch < WARM_UP + EPOCHS; epoch++) {
                for (Batch batch : dataset.getData(trainer)) {
                    batch.close();
                }
                rssStart = epoch == WARM_UP ? ResidentMemory.totalKib() : rssStart;
                nativeKib.add((double) ResidentMemory.outsideHeapKib());
                unpooledDirect.add(ResidentMemory.directBytes() - dataset.stats().hostBytesHeld());
            }
        }
        assertEquals("recycled-normalized", dataset.stats().bufferPath());
        List<Double> measured = nativeKib.subList(WARM_UP, nativeKib.size());
        double slope = ResidentMemory.slope(measured);
        long directGrowth =
                unpooledDirect.subList(WARM_UP, unpooledDirect.size()).stream()
                                .mapToLong(Long::longValue)
                                .max()
                                .orElseThrow()
                        - unpooledDirect.get(WARM_UP - 1);
        System.out.printf(
                "long run without GC: %d epochs after warm-up; RSS %d -> %d KiB; outside the heap"
                        + " %.0f -> %.0f KiB, slope %.1f KiB/epoch; direct memory outside the"
                        + " host blocks at most %+d bytes%n",
                EPOCHS,
                rssStart,
                ResidentMemory.totalKib(),
                measured.getFirst(),
                measured.getLast(),
                slope,
                directGrowth);
        assertTrue(
                directGrowth <= DIRECT_SLACK,
                "direct memory left to the collector: " + unpooledDirect);
        assertTrue(slope < MAX_NATIVE_SLOPE_KIB, "native memory grows: " + nativeKib);
    }
}
