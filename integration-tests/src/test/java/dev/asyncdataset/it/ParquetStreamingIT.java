package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.SourceShare;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.BatchIndices;
import dev.asyncdataset.testing.BatchItems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parquet streamed by {@code ConcurrentDataset}, its row groups playing the part of tar shards:
 * every row once per epoch in the seeded order of shuffle windows, one read of each row group's
 * column chunks (one GET on S3, counted at the server), resumed mid-epoch and at another world
 * size, partitioned between ranks, mixed with tar shards, and a row group whose pages cannot be
 * read left out whole under {@link BadItemPolicy#SKIP}. Pages are decoded by the fetches, not by a
 * thread pool of Hardwood's.
 */
class ParquetStreamingIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    /** Rows per row group. */
    private static final int GROUP = 8;

    private static final int BATCH = 4;

    @TempDir static Path dir;
    private static Path file;
    private static List<Row> rows;
    private static Path shards;

    private NDManager manager;

    /** 60 JPEGs in 4 classes as one Snappy file of row groups of 8 rows, local and on S3. */
    @BeforeAll
    static void writeRows() throws Exception {
        rows = ParquetFixtures.images(Files.createDirectories(dir.resolve("images")));
        file = dir.resolve("train.parquet");
        ParquetFixtures.parquetJava(file, rows, CompressionCodecName.SNAPPY, GROUP, true);
        S3.upload("tables", "stream/", Map.of("train.parquet", Files.readAllBytes(file)));
        shards = dir.resolve("tar").resolve("shards");
        ShardFixtures.write(dir.resolve("tar"), 3, 8, 20_000);
    }

    @BeforeEach
    void setUp() {
        manager = NDManager.newBaseManager();
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    @Test
    void streamsEveryRowOnceInSeededRowGroupOrder() throws Exception {
        try (LabeledImageSource source = local()) {
            assertEquals(8, ShardCounts.of(source));
            ConcurrentDataset dataset = builder(source, 7).optShuffleWindow(1).build();
            List<Long> first = BatchIndices.flat(batches(dataset, -1));
            assertTrue(
                    dataset.stats().sourceStats().peakResidentBytes() > 0,
                    "row groups were read whole");
            assertEquals(LongStream.range(0, rows.size()).boxed().toList(), sorted(first));
            assertRowGroupsInOneRunEach(first);
            assertEquals(
                    first,
                    BatchIndices.flat(batches(builder(source, 7).optShuffleWindow(1).build(), -1)));
            assertNotEquals(
                    first,
                    BatchIndices.flat(batches(builder(source, 8).optShuffleWindow(1).build(), -1)));
        }
    }

    @Test
    void streamedRowsHoldTheImagesAndLabelsThatRandomAccessReads() throws Exception {
        try (LabeledImageSource source = local()) {
            Map<Long, String> streamed = BatchItems.of(builder(source, 7).build().getData(manager));
            Map<Long, String> random =
                    BatchItems.of(builder(source, 7).optRandomAccess().build().getData(manager));
            assertEquals(rows.size(), streamed.size());
            assertEquals(random, streamed);
        }
    }

    /**
     * Uncompressed pages are decoded out of the buffer a row group is read into, reused for the
     * next: the images must have been copied out of it.
     */
    @Test
    void streamedUncompressedRowsHoldTheImagesThatRandomAccessReads() throws Exception {
        Path plain = dir.resolve("uncompressed.parquet");
        ParquetFixtures.parquetJava(plain, rows, CompressionCodecName.UNCOMPRESSED, GROUP, false);
        try (LabeledImageSource source =
                ParquetSource.builder().setLocation(plain.toString()).build()) {
            Map<Long, String> streamed = BatchItems.of(builder(source, 7).build().getData(manager));
            Map<Long, String> random =
                    BatchItems.of(builder(source, 7).optRandomAccess().build().getData(manager));
            assertEquals(rows.size(), streamed.size());
            assertEquals(random, streamed);
        }
    }

    @Test
    void pagesAreDecodedOnTheFetchesWithoutAThreadPoolOfHardwoods() throws Exception {
        try (LabeledImageSource source = local()) {
            batches(builder(source, 7).build(), -1);
            batches(builder(source, 7).optRandomAccess().build(), -1);
            List<String> pool =
                    Thread.getAllStackTraces().keySet().stream()
                            .map(Thread::getName)
                            .filter(name -> name.startsWith("hardwood-"))
                            .toList();
            assertEquals(List.of(), pool);
        }
    }

    @Test
    void streamedOverS3ReadsEachRowGroupWithOneGet() throws Exception {
        String url = "s3://tables/stream/train.parquet";
        try (LabeledImageSource source =
                ParquetSource.builder()
                        .setLocation(url)
                        .optStore(S3.storeOptions().build())
                        .build()) {
            S3.faults().setPolicy((key, attempt) -> FaultInjectingBlobStore.Fault.NONE);
            List<Long> items = BatchIndices.flat(batches(builder(source, 7).build(), -1));
            assertEquals(rows.size(), new HashSet<>(items).size());
            assertEquals(
                    ShardCounts.of(source),
                    S3.faults().getCount(),
                    "one GET per row group: " + S3.faults().ranges("stream/train.parquet"));
        }
    }

    @Test
    void aResumedEpochGivesExactlyTheRemainingRows() throws Exception {
        try (LabeledImageSource source = local()) {
            List<List<Long>> whole = batches(builder(source, 7).build(), -1);
            ConcurrentDataset first = builder(source, 7).build();
            batches(first, 5);
            IterationState saved = IterationState.parse(first.iterationState().format());
            ConcurrentDataset resumed = builder(source, 7).optResumeFrom(saved).build();
            assertEquals(whole.subList(5, whole.size()), batches(resumed, -1));
        }
    }

    @Test
    void aStateSavedAtTwoRanksResumesAtOneWithNoRowRepeatedOrDropped() throws Exception {
        try (LabeledImageSource source = local()) {
            Set<Long> seen = new HashSet<>();
            IterationState saved = null;
            for (int rank = 0; rank < 2; rank++) {
                ConcurrentDataset dataset = builder(source, 7).optShard(rank, 2).build();
                addOnce(seen, BatchIndices.flat(batches(dataset, 3)));
                saved = IterationState.parse(dataset.iterationState().format());
            }
            assertEquals(2 * 3 * BATCH, saved.samples());
            ConcurrentDataset resumed = builder(source, 7).optResumeFrom(saved).build();
            addOnce(seen, BatchIndices.flat(batches(resumed, -1)));
            assertEquals(rows.size(), seen.size());
        }
    }

    @Test
    void ranksPartitionTheRows() throws Exception {
        int world = 3;
        try (LabeledImageSource source = local()) {
            Set<Long> union = new HashSet<>();
            int read = 0;
            for (int rank = 0; rank < world; rank++) {
                List<Long> mine =
                        BatchIndices.flat(
                                batches(builder(source, 7).optShard(rank, world).build(), -1));
                assertEquals(mine.size(), new HashSet<>(mine).size(), "rank " + rank + " repeats");
                addOnce(union, mine);
                read += mine.size();
            }
            assertEquals(rows.size(), read);
        }
    }

    @Test
    void aMixOfStreamedParquetAndTarShardsGivesEachSourceItsShare() throws Exception {
        try (LabeledImageSource parquet = local();
                LabeledImageSource tar =
                        TarShardSource.builder().setLocation(shards.toString()).build()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .addSource("parquet", parquet, SourceShare.once())
                            .addSource("shards", tar, SourceShare.repeat(2))
                            .setSampling(BATCH, true)
                            .optPipeline(ImageRecipes.evaluation(32, 32))
                            .optSeed(5)
                            .build();
            List<Long> items = BatchIndices.flat(batches(dataset, -1));
            LoaderStats stats = dataset.stats();
            assertEquals(rows.size() + 2 * tar.size(), items.size());
            assertEquals("parquet", stats.sources().get(0).name());
            assertEquals(rows.size(), stats.sources().get(0).items());
            assertEquals(2 * tar.size(), stats.sources().get(1).items());
            assertTrue(stats.sourceStats().peakResidentBytes() > 0, "streamed");
        }
    }

    @Test
    void aRowGroupWithACorruptPageIsLeftOutWholeUnderSkipAndCounted() throws Exception {
        byte[] corrupt = Files.readAllBytes(file);
        corrupt[(int) ParquetBadInputIT.middleOfImageChunk(file, 1)] ^= 0x10;
        Path bad = Files.write(dir.resolve("corrupt.parquet"), corrupt);
        try (LabeledImageSource source =
                ParquetSource.builder().setLocation(bad.toString()).build()) {
            ConcurrentDataset skipping =
                    builder(source, 7).optBadItemPolicy(BadItemPolicy.SKIP).build();
            List<Long> items = BatchIndices.flat(batches(skipping, -1));
            assertEquals(rows.size() - GROUP, items.size());
            assertTrue(items.stream().noneMatch(i -> i >= GROUP && i < 2 * GROUP), "" + items);
            assertEquals(GROUP, skipping.stats().skippedItems());
            Exception e =
                    assertThrows(Exception.class, () -> batches(builder(source, 7).build(), -1));
            assertTrue(String.valueOf(e.getMessage()).contains("row group 1 row "), e.getMessage());
        }
    }

    private static void addOnce(Set<Long> seen, List<Long> items) {
        for (long item : items) {
            assertTrue(seen.add(item), "row " + item + " read twice");
        }
    }

    /** Each row group's rows come together, in one run of the order (windows of one row group). */
    private static void assertRowGroupsInOneRunEach(List<Long> order) {
        Set<Long> done = new HashSet<>();
        for (int i = 0; i < order.size(); i++) {
            long group = order.get(i) / GROUP;
            if (i > 0 && order.get(i - 1) / GROUP != group) {
                assertTrue(done.add(order.get(i - 1) / GROUP), "row group split: " + order);
                assertFalse(done.contains(group), "row group split: " + order);
            }
        }
    }

    private static List<Long> sorted(List<Long> items) {
        return items.stream().sorted().toList();
    }

    private static LabeledImageSource local() throws Exception {
        return ParquetSource.builder().setLocation(file.toString()).build();
    }

    private static ConcurrentDatasetBuilder builder(ItemSource<?> source, long seed) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(BATCH, true)
                .optPipeline(ImageRecipes.evaluation(32, 32))
                .optSeed(seed);
    }

    private List<List<Long>> batches(ConcurrentDataset dataset, int limit) throws Exception {
        return BatchIndices.take(dataset.getData(manager).iterator(), limit);
    }
}
