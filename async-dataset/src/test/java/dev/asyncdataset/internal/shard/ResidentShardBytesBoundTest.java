package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.BatchItems;
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
 * The bytes a streamed epoch holds for shards stay within {@code 2K x} the longest piece for a
 * window of K shards read in pieces, {@code (K + 1) x} the largest shard read whole, over generated
 * image counts, shard sizes, piece sizes (shards read whole included), windows and batch sizes; an
 * epoch left early whose trainer's manager was closed gives its buffers back before the next epoch
 * takes any, so the source never has more out at once; and every item is delivered exactly once in
 * each whole epoch, with the bytes random access reads.
 */
@Timeout(300)
class ResidentShardBytesBoundTest {

    private static final int CASES = 8;

    @TempDir Path images;
    @TempDir Path shards;

    /** Seeds of the generated cases. */
    static Stream<Arguments> cases() {
        return LongStream.range(0, CASES).mapToObj(seed -> Arguments.of(seed));
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("cases")
    void pieceBytesStayWithinTheWindowAndOnePieceAndEveryItemComesOnceAsRandomAccessReadsIt(
            long seed) throws Exception {
        Random random = new Random(seed);
        int shardBytes = writeShards(random);
        int window = 1 + random.nextInt(4);
        int batch = 2 + random.nextInt(6);
        long pieceBytes =
                seed % 2 == 0
                        ? TarShardSource.DEFAULT_PIECE_BYTES
                        : 1_000 + random.nextInt(shardBytes);
        ItemSource<?> source =
                TarShardSource.builder()
                        .setLocation(shards.toString())
                        .optPieceBytes(pieceBytes)
                        .build();
        try (NDManager manager = NDManager.newBaseManager()) {
            ShardReads reads = ((StreamableShards<?>) source).streamedEpoch().reads();
            long largest = longestPiece(reads);
            int live = Math.min(window, shardCount(source));
            boolean split = reads.shardCount() > shardCount(source);
            long bound = (split ? 2L * live : live + 1L) * largest;
            String shown =
                    reads.shardCount()
                            + " pieces of "
                            + shardCount(source)
                            + " shards, pieces of "
                            + pieceBytes
                            + " bytes, window "
                            + window
                            + ", batch "
                            + batch;
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(batch, true)
                            .optSeed(seed)
                            .optShuffleWindow(window)
                            .build();
            ConcurrentDataset randomAccess =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(batch, false)
                            .optRandomAccess()
                            .build();
            assertEquals(
                    BatchItems.of(randomAccess.getData(manager)),
                    BatchItems.of(dataset.getData(manager)),
                    shown);
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

    /** Random images in 3 classes, written as shards of a random target size, returned. */
    private int writeShards(Random random) throws Exception {
        Map<String, byte[]> files = new HashMap<>();
        int count = 12 + random.nextInt(30);
        for (int i = 0; i < count; i++) {
            files.put("c" + i % 3 + "/" + i + ".jpg", TestImages.jpeg(40, 30, random.nextLong()));
        }
        TestImages.write(images, files);
        int shardBytes = 4_000 + random.nextInt(20_000);
        ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .optShardBytes(shardBytes)
                .build()
                .write();
        return shardBytes;
    }

    private static long longestPiece(ShardReads reads) {
        return reads.buffers().bufferBytes();
    }

    private static int shardCount(ItemSource<?> source) {
        return ((ShardedSource<?>) source).shardSizes().length;
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
