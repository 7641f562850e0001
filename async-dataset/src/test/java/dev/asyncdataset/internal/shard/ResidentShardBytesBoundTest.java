package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bytes a streamed epoch holds for whole shards stay within {@code (K + 1) x} the largest shard
 * for a window of K shards, over generated image counts, shard sizes, windows and batch sizes; an
 * epoch left early whose trainer's manager was closed gives its buffers back before the next epoch
 * takes any, so the source never has more out at once; and every item is delivered exactly once in
 * each whole epoch.
 */
@Timeout(300)
class ResidentShardBytesBoundTest {

    private static final int CASES = 6;

    @TempDir Path images;
    @TempDir Path shards;

    /** Seeds of the generated cases. */
    static Stream<Arguments> cases() {
        return LongStream.range(0, CASES).mapToObj(seed -> Arguments.of(seed));
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("cases")
    void shardBytesStayWithinTheWindowAndOneShardAndEveryItemComesOnce(long seed) throws Exception {
        Random random = new Random(seed);
        writeShards(random);
        int window = 1 + random.nextInt(4);
        int batch = 2 + random.nextInt(6);
        ItemSource<?> source = TarShardSource.builder().setLocation(shards.toString()).build();
        try (NDManager manager = NDManager.newBaseManager()) {
            ShardReads reads = ((StreamableShards<?>) source).streamedEpoch().reads();
            long largest = largestShard(reads);
            int shardCount = reads.shardCount();
            long bound = (Math.min(window, shardCount) + 1L) * largest;
            String shown = shardCount + " shards, window " + window + ", batch " + batch;
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(batch, true)
                            .optSeed(seed)
                            .optShuffleWindow(window)
                            .build();
            assertEachItemOnce(dataset, manager, shown);
            assertWithin(dataset.stats(), bound, shown);
            abandonAndCloseTrainer(dataset, manager, 1 + random.nextInt(3));
            assertEachItemOnce(dataset, manager, shown);
            assertWithin(dataset.stats(), bound, shown);
            assertTrue(
                    reads.buffers().peakTaken() * largest <= bound,
                    shown + ": " + reads.buffers().peakTaken() + " buffers out at once");
            assertEquals(
                    0,
                    dataset.stats().sourceStats().residentBytes(),
                    shown + ": held after the epoch");
        } finally {
            source.close();
        }
    }

    /** Random images in 3 classes, written as shards of a random target size. */
    private void writeShards(Random random) throws Exception {
        Map<String, byte[]> files = new HashMap<>();
        int count = 12 + random.nextInt(30);
        for (int i = 0; i < count; i++) {
            files.put("c" + i % 3 + "/" + i + ".jpg", TestImages.jpeg(40, 30, random.nextLong()));
        }
        TestImages.write(images, files);
        ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .optShardBytes(4_000 + random.nextInt(20_000))
                .build()
                .write();
    }

    private static long largestShard(ShardReads reads) {
        return reads.buffers().bufferBytes();
    }

    private static void assertWithin(LoaderStats stats, long bound, String shown) {
        assertTrue(stats.sourceStats().peakResidentBytes() > 0, shown + ": nothing was resident");
        assertTrue(
                stats.sourceStats().peakResidentBytes() <= bound,
                shown
                        + ": "
                        + stats.sourceStats().peakResidentBytes()
                        + " bytes resident, over "
                        + bound);
    }

    private static void assertEachItemOnce(
            ConcurrentDataset dataset, NDManager manager, String shown) throws Exception {
        List<Long> seen = new ArrayList<>();
        try (NDManager trainer = manager.newSubManager()) {
            for (Batch batch : dataset.getData(trainer)) {
                try (batch) {
                    batch.getIndices().forEach(i -> seen.add((Long) i));
                }
            }
        }
        assertEquals(
                LongStream.range(0, dataset.size()).boxed().toList(),
                seen.stream().sorted().toList(),
                shown);
    }

    /** Takes {@code batches} batches of an epoch, then closes its trainer's manager. */
    private static void abandonAndCloseTrainer(
            ConcurrentDataset dataset, NDManager manager, int batches) throws Exception {
        try (NDManager trainer = manager.newSubManager()) {
            Iterator<Batch> epoch = dataset.getData(trainer).iterator();
            for (int b = 0; b < batches && epoch.hasNext(); b++) {
                epoch.next().close();
            }
        }
    }
}
