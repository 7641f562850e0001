package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.internal.shard.ShuffleWindows;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.testing.BatchIndices;
import dev.asyncdataset.testing.BatchItems;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Shard streaming through the loader: order, ranks, resume, memory and failures. */
@Timeout(180)
class ShardStreamingTest {

    static final long SEED = 41;
    private static final int BATCH = 2;

    @TempDir static Path images;
    @TempDir static Path shardFolder;
    private NDManager manager;
    private TarImages shards;

    @BeforeEach
    void setUp() throws Exception {
        if (!Files.exists(shardFolder.resolve(ShardWriter.CLASSES_FILE))) {
            TestImages.write(images, TestImages.classFolders(4, 24, 40, 30));
            ShardWriter.builder()
                    .setLocation(images.toString())
                    .setOutput(shardFolder.toString())
                    .optShardBytes(16_000)
                    .build()
                    .write();
        }
        shards = (TarImages) TarShardSource.builder().setLocation(shardFolder.toString()).build();
        manager = NDManager.newBaseManager();
    }

    @AfterEach
    void tearDown() {
        manager.close();
        shards.close();
    }

    @Test
    void anEpochReadsTheWindowOrderEverySampleOnceSameSeedSameOrder() throws Exception {
        assertTrue(shards.shardCount() >= 8, "shards: " + shards.shardCount());
        ConcurrentDataset dataset = builder(shards, 0, 1).build();
        List<Long> first = read(dataset, -1);
        List<Long> second = read(dataset, -1);
        ShuffleWindows windows = new ShuffleWindows(shards.shardSizes(), 2, SEED);
        assertEquals(boxed(windows.epochOrder(0)), first);
        assertEquals(boxed(windows.epochOrder(1)), second);
        assertEquals(96, new HashSet<>(first).size());
        assertEquals(first, read(builder(shards, 0, 1).build(), -1));
    }

    @Test
    void aWindowOfNoShardIsRefusedNamingTheValue() {
        var e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> ConcurrentDataset.builder().optShuffleWindow(0));
        assertEquals("windowShards < 1: 0", e.getMessage());
    }

    @Test
    void streamedItemsHoldTheSameImagesAndLabelsAsRandomAccess() throws Exception {
        Map<Long, String> streamed = BatchItems.of(builder(shards, 0, 1).build().getData(manager));
        Map<Long, String> random =
                BatchItems.of(builder(shards, 0, 1).optRandomAccess().build().getData(manager));
        assertEquals(96, streamed.size());
        assertEquals(random, streamed);
    }

    @Test
    void residentShardsStayWithinTwoWindowsAndAreAllReleasedAtTheEnd() throws Exception {
        ConcurrentDataset dataset =
                builder(shards, 0, 1).optPrefetchNumber(1).optFetchers(4).build();
        batches(dataset, -1);
        LoaderStats stats = dataset.stats();
        long largest = 0;
        for (int s = 0; s < shards.shardCount(); s++) {
            largest = Math.max(largest, shards.store().length(s));
        }
        assertTrue(stats.sourceStats().peakResidentBytes() > 0, "nothing was resident");
        assertTrue(
                stats.sourceStats().peakResidentBytes() <= 2 * 2 * largest,
                stats.sourceStats().peakResidentBytes()
                        + " bytes resident, more than 2 windows of 2 shards");
        assertEquals(0, stats.sourceStats().residentBytes());
    }

    @Test
    void ranksAreDisjointWithEqualBatchCountsAndTogetherTheEpoch() throws Exception {
        for (int world : new int[] {3, 5}) {
            Set<Long> union = new HashSet<>();
            Set<Integer> batchCounts = new HashSet<>();
            long read = 0;
            for (int rank = 0; rank < world; rank++) {
                ConcurrentDataset dataset = builder(shards, rank, world).build();
                List<List<Long>> batches = batches(dataset, -1);
                batchCounts.add(batches.size());
                List<Long> mine = BatchIndices.flat(batches);
                assertEquals(mine.size(), new HashSet<>(mine).size(), "rank " + rank + " repeats");
                read += mine.size();
                union.addAll(mine);
                assertEquals(
                        0,
                        dataset.stats().sourceStats().residentBytes(),
                        "rank " + rank + " holds shards");
            }
            int perRank = (96 + world - 1) / world;
            assertEquals(Set.of((perRank + BATCH - 1) / BATCH), batchCounts, "world " + world);
            assertEquals(96, union.size(), "world " + world);
            assertEquals((long) perRank * world, read, "only the padding repeats samples");
        }
    }

    @Test
    void aResumedEpochGivesExactlyTheRemainingBatches() throws Exception {
        List<List<Long>> whole = batches(builder(shards, 0, 1).build(), -1);
        ConcurrentDataset first = builder(shards, 0, 1).build();
        batches(first, 7);
        IterationState saved = IterationState.parse(first.iterationState().format());
        assertEquals(new IterationState(SEED, 0, 7, 14, 1), saved);
        ConcurrentDataset resumed = builder(shards, 0, 1).optResumeFrom(saved).build();
        assertEquals(whole.subList(7, whole.size()), batches(resumed, -1));
    }

    @Test
    void aStateSavedAt8RanksOf16PartitionsResumesAt4Or16WithNoSampleRepeatedOrDropped()
            throws Exception {
        for (int resumedWorld : new int[] {4, 16}) {
            Set<Long> seen = new HashSet<>();
            IterationState saved = null;
            for (int rank = 0; rank < 8; rank++) {
                ConcurrentDataset dataset =
                        builder(shards, rank, 8).optCanonicalPartitions(16).build();
                addOnce(seen, read(dataset, 2));
                saved = IterationState.parse(dataset.iterationState().format());
            }
            assertEquals(8 * 2 * BATCH, saved.samples());
            assertEquals(16, saved.partitions());
            for (int rank = 0; rank < resumedWorld; rank++) {
                ConcurrentDataset dataset =
                        builder(shards, rank, resumedWorld).optResumeFrom(saved).build();
                addOnce(seen, read(dataset, -1));
            }
            assertEquals(96, seen.size(), "world " + resumedWorld);
        }
    }

    @Test
    void anUnreadableShardFailsNamingItOrIsSkippedAlone() throws Exception {
        Path victim = firstShard();
        Path aside = victim.resolveSibling("aside");
        Files.move(victim, aside);
        try {
            Exception e =
                    assertThrows(Exception.class, () -> read(builder(shards, 0, 1).build(), -1));
            assertTrue(e.getMessage().contains(victim.toString()), e.getMessage());
            ConcurrentDataset skipping =
                    builder(shards, 0, 1).optBadItemPolicy(BadItemPolicy.SKIP).build();
            long read = read(skipping, -1).size();
            long lost = shards.shardSizes()[0];
            assertEquals(96 - lost, read);
            assertEquals(lost, skipping.stats().skippedItems());
        } finally {
            Files.move(aside, victim);
        }
    }

    @Test
    void aShardTruncatedAfterOpeningLosesOnlyTheSamplesPastTheCut() throws Exception {
        Path victim = firstShard();
        byte[] whole = Files.readAllBytes(victim);
        Files.write(victim, Arrays.copyOf(whole, whole.length / 2));
        try {
            Exception e =
                    assertThrows(Exception.class, () -> read(builder(shards, 0, 1).build(), -1));
            assertTrue(
                    e.getMessage().contains(victim + " sample ")
                            && e.getMessage().contains("the shard now has " + whole.length / 2),
                    e.getMessage());
            ConcurrentDataset skipping =
                    builder(shards, 0, 1).optBadItemPolicy(BadItemPolicy.SKIP).build();
            long read = read(skipping, -1).size();
            long skipped = skipping.stats().skippedItems();
            assertTrue(skipped > 0 && skipped < shards.shardSizes()[0], "skipped " + skipped);
            assertEquals(96, read + skipped);
        } finally {
            Files.write(victim, whole);
        }
    }

    private static Path firstShard() throws Exception {
        try (Stream<Path> files = Files.list(shardFolder)) {
            return files.filter(p -> p.toString().endsWith(".tar")).sorted().findFirst().get();
        }
    }

    private List<List<Long>> batches(ConcurrentDataset dataset, int limit) throws Exception {
        return BatchIndices.take(dataset.getData(manager).iterator(), limit);
    }

    private List<Long> read(ConcurrentDataset dataset, int limit) throws Exception {
        return BatchIndices.flat(batches(dataset, limit));
    }

    private static void addOnce(Set<Long> seen, List<Long> indices) {
        for (long index : indices) {
            assertTrue(seen.add(index), "sample " + index + " read twice");
        }
    }

    /** A seeded loader of batch 2 and windows of 2 shards, rank {@code rank} of {@code world}. */
    static ConcurrentDatasetBuilder builder(ItemSource<?> source, int rank, int world) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(BATCH, true)
                .optSeed(SEED)
                .optShuffleWindow(2)
                .optShard(rank, world);
    }

    private static List<Long> boxed(long[] order) {
        return Arrays.stream(order).boxed().toList();
    }
}
