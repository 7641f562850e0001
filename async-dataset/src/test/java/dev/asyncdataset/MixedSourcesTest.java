package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.BatchIndices;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.testing.TestShards;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A folder of real JPEGs mixed with real tar shards, streamed: shard reads, per-source statistics
 * and events, and a bad item in one source under both policies.
 */
@Timeout(180)
class MixedSourcesTest {

    private static final int BATCH = 4;
    private static final int FOLDER_ITEMS = 3 * 8;

    @TempDir static Path folder;
    @TempDir static Path shardImages;
    @TempDir static Path shardFolder;
    @TempDir Path work;
    private NDManager manager;

    @BeforeEach
    void setUp() throws Exception {
        if (!Files.exists(folder.resolve("class0"))) {
            TestImages.write(folder, TestImages.classFolders(3, 8, 40, 30));
            TestShards.write(shardImages, shardFolder, 3, 12);
        }
        manager = NDManager.newBaseManager();
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    @Test
    void streamedShardsInAMixAreReadWholeOncePerPassAndEachSourceIsCounted() throws Exception {
        Path file = work.resolve("epoch.jfr");
        LoaderStats stats;
        int shardCount;
        try (LabeledImageSource shards =
                        TarShardSource.builder().setLocation(shardFolder.toString()).build();
                Recording recording = new Recording()) {
            shardCount = ((ShardedSource<?>) shards).shardSizes().length;
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .addSource(
                                    "folder",
                                    FolderSource.builder().setLocation(folder.toString()).build(),
                                    SourceShare.once())
                            .addSource("shards", shards, SourceShare.repeat(2))
                            .setSampling(BATCH, true)
                            .optSeed(3)
                            .build();
            recording.enable("dev.asyncdataset.ShardLoad");
            recording.enable("dev.asyncdataset.ItemFetch");
            recording.start();
            List<Long> items =
                    BatchIndices.flat(BatchIndices.take(dataset.getData(manager).iterator(), -1));
            recording.stop();
            recording.dump(file);
            stats = dataset.stats();
            assertEquals(FOLDER_ITEMS + 2 * 36, items.size());
            assertEquals(FOLDER_ITEMS, items.stream().filter(i -> i < FOLDER_ITEMS).count());
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        long loads =
                events.stream()
                        .filter(e -> e.getEventType().getName().endsWith("ShardLoad"))
                        .count();
        assertEquals(2L * shardCount, loads, "each shard read whole once in each of two passes");
        Set<String> sources =
                events.stream()
                        .filter(e -> e.getEventType().getName().endsWith("ItemFetch"))
                        .map(e -> e.getString("source"))
                        .collect(Collectors.toSet());
        assertEquals(Set.of("folder", "shards"), sources);
        LoaderStats.SourceCounts fromFolder = stats.sources().get(0);
        LoaderStats.SourceCounts fromShards = stats.sources().get(1);
        assertEquals("folder", fromFolder.name());
        assertEquals(FOLDER_ITEMS, fromFolder.items());
        assertEquals(72, fromShards.items());
        assertTrue(fromFolder.bytes() > 0 && fromShards.bytes() > 0);
        assertEquals(stats.bytes(), fromFolder.bytes() + fromShards.bytes());
        assertTrue(
                fromFolder.dataWaitNanos() + fromShards.dataWaitNanos() <= stats.dataWaitNanos());
    }

    @Test
    void aBadItemInOneSourceIsSkippedUnderSkipAndNamedWithItsSourceUnderFail() throws Exception {
        Path broken = work.resolve("broken");
        TestImages.write(broken, TestImages.classFolders(2, 5, 40, 30));
        Files.write(broken.resolve("class1/img3.jpg"), new byte[] {(byte) 0xFF, (byte) 0xD8, 1, 2});
        try (LabeledImageSource shards =
                TarShardSource.builder().setLocation(shardFolder.toString()).build()) {
            ConcurrentDataset skipping = mix(broken, shards, BadItemPolicy.SKIP);
            List<Long> items =
                    BatchIndices.flat(BatchIndices.take(skipping.getData(manager).iterator(), -1));
            assertEquals(10 - 1 + 36, items.size());
            assertEquals(1, skipping.stats().sources().get(0).skippedItems());
            assertEquals(0, skipping.stats().sources().get(1).skippedItems());

            ConcurrentDataset failing = mix(broken, shards, BadItemPolicy.FAIL);
            DataLoadingException e =
                    assertThrows(
                            DataLoadingException.class,
                            () -> BatchIndices.take(failing.getData(manager).iterator(), -1));
            assertTrue(
                    e.getKey().startsWith("broken: ") && e.getKey().endsWith("class1/img3.jpg"),
                    e.getKey());
        }
    }

    @Test
    void imageSourcesInAMixAreDecodedIntoRecycledRowsWithTheirOwnLabels() throws Exception {
        try (LabeledImageSource shards =
                TarShardSource.builder().setLocation(shardFolder.toString()).build()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .addSource(
                                    "folder",
                                    FolderSource.builder().setLocation(folder.toString()).build(),
                                    SourceShare.once())
                            .addSource("shards", shards, SourceShare.choose(20))
                            .setSampling(BATCH, true)
                            .optPipeline(ImageRecipes.evaluation(36, 32))
                            .optSeed(5)
                            .build();
            LabeledImageSource mix = (LabeledImageSource) dataset.getSource();
            int items = 0;
            for (Batch batch : dataset.getData(manager)) {
                try (batch) {
                    long[] labels = batch.getLabels().head().toLongArray();
                    for (int j = 0; j < batch.getSize(); j++) {
                        long index = (Long) batch.getIndices().get(j);
                        assertEquals(mix.label(index), labels[j], "item " + index);
                        items++;
                    }
                }
            }
            assertEquals(FOLDER_ITEMS + 20, items);
            assertEquals("recycled", dataset.stats().bufferPath());
        }
    }

    @Test
    void aMixWithStreamedShardsKeepsItsOrderAcrossWorldSizesOnlyWithItsPartitionsSet()
            throws Exception {
        try (LabeledImageSource shards =
                TarShardSource.builder().setLocation(shardFolder.toString()).build()) {
            List<Long> whole = flat(ranked(shards, 0, 1).optCanonicalPartitions(2).build());
            for (int rank = 0; rank < 2; rank++) {
                List<Long> mine = flat(ranked(shards, rank, 2).optCanonicalPartitions(2).build());
                for (int k = 0; k < mine.size(); k++) {
                    assertEquals(
                            whole.get((rank + 2 * k) % whole.size()),
                            mine.get(k),
                            "rank " + rank + " item " + k);
                }
            }
            assertNotEquals(
                    whole,
                    flat(ranked(shards, 0, 1).build()),
                    "one rank's default is one partition, two ranks' is two");
        }
    }

    private static ConcurrentDatasetBuilder ranked(LabeledImageSource shards, int rank, int world)
            throws Exception {
        return ConcurrentDataset.builder()
                .addSource(
                        "folder",
                        FolderSource.builder().setLocation(folder.toString()).build(),
                        SourceShare.once())
                .addSource("shards", shards, SourceShare.once())
                .setSampling(BATCH, true)
                .optSeed(6)
                .optShard(rank, world);
    }

    private List<Long> flat(ConcurrentDataset dataset) throws Exception {
        return BatchIndices.flat(BatchIndices.take(dataset.getData(manager).iterator(), -1));
    }

    private static ConcurrentDataset mix(
            Path broken, LabeledImageSource shards, BadItemPolicy policy) throws Exception {
        return ConcurrentDataset.builder()
                .addSource(
                        "broken",
                        FolderSource.builder().setLocation(broken.toString()).build(),
                        SourceShare.once())
                .addSource("shards", shards, SourceShare.once())
                .setSampling(BATCH, true)
                .optSeed(4)
                .optBadItemPolicy(policy)
                .build();
    }
}
