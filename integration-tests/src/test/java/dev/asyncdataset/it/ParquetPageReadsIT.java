package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.internal.shard.RandomAccessEpochs;
import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.testing.BatchItems;
import dev.asyncdataset.testing.TestImages;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random access over Parquet reads the data page of the image column holding an item's row, where
 * the file's offset index gives the pages: a fetch at a row group's first row, on each side of each
 * page boundary and at its last row gives the row written and reads fewer bytes than its row
 * group's image chunk, and an epoch reads each page once and gives the records streaming gives. A
 * file with one page per row group, or without a page index, is read row group by row group, with
 * the same records, by an epoch and by fetches outside one. Pages that do not fit the cache are
 * read into arrays the source reuses, not into arrays of their own per fetch, with the same
 * records; a page that several fetches of an epoch wait for is read once.
 */
class ParquetPageReadsIT {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    /** Rows per row group. */
    private static final int GROUP = 16;

    /** Rows per page of a file read page by page. */
    private static final int PAGE = 5;

    /** Items apart of fetches one after another that each lie in another page: over a page. */
    private static final int PAGE_STRIDE = 7;

    /** The bytes of each image of a file of large pages: a page of 5 rows is over 600 KiB. */
    private static final int LARGE_IMAGE = 128 << 10;

    @TempDir static Path dir;
    private static List<Row> rows;

    /** 60 JPEGs in 4 classes. */
    @BeforeAll
    static void writeImages() throws Exception {
        rows = ParquetFixtures.images(Files.createDirectories(dir.resolve("images")));
    }

    @Test
    void aFetchReadsOnlyThePageOfItsRowWithTheRecordStreamingGives() throws Exception {
        Path file = dir.resolve("paged.parquet");
        ParquetFixtures.paged(file, rows, GROUP, PAGE);
        List<ParquetFixtures.ImageChunk> chunks = ParquetFixtures.imageChunks(file);
        assertTrue(chunks.stream().allMatch(c -> c.firstRows().length > 1), "several pages");
        for (long item : positions(chunks)) {
            ParquetFixtures.ImageChunk chunk = chunks.get(Math.toIntExact(item / GROUP));
            try (LabeledImageSource source = open(file)) {
                HTTP.setFaults((key, attempt) -> FaultInjectingBlobStore.Fault.NONE);
                assertRow(source, item);
                long read = bytesRead();
                assertTrue(
                        read < chunk.bytes(),
                        "item " + item + ": " + read + " bytes against " + chunk.bytes());
            }
        }
        try (LabeledImageSource source = open(file)) {
            assertEquals(streamed(file), randomAccess(source));
            int pages = chunks.stream().mapToInt(c -> c.firstRows().length).sum();
            assertEquals(pages, source.stats().cacheMisses(), "one read per page");
        }
    }

    /**
     * Each label read is a build of Hardwood's column readers, which its file reader keeps until
     * the source is closed, and a ranged GET of the label chunk: with a cache that keeps only the
     * page read last, fetches that each miss their page read the labels of each row group once,
     * however many pages they read, so the GETs are the page reads plus at most one per row group.
     */
    @Test
    void pageReadsReadEachRowGroupsLabelsOnceHoweverManyPagesTheyRead() throws Exception {
        Path file = dir.resolve("labels-once.parquet");
        ParquetFixtures.paged(file, rows, GROUP, PAGE);
        int groups = ParquetFixtures.imageChunks(file).size();
        int passes = 4;
        try (LabeledImageSource source = open(file, 0)) {
            HTTP.setFaults((key, attempt) -> FaultInjectingBlobStore.Fault.NONE);
            for (int pass = 0; pass < passes; pass++) {
                for (int i = 0; i < rows.size(); i++) {
                    assertRow(source, (long) i * PAGE_STRIDE % rows.size());
                }
            }
            long pageReads = source.stats().cacheMisses();
            assertTrue(pageReads > (long) passes * groups, "page reads: " + pageReads);
            int gets = HTTP.gets().size();
            assertTrue(
                    gets <= pageReads + groups,
                    gets + " GETs for " + pageReads + " page reads of " + groups + " row groups");
        }
    }

    /**
     * Fetches one after another, each of another page, with a cache of one page: each reads its
     * page, and allocates on its thread about its image (the fetch's copy), not the page's read and
     * decompressed bytes; an epoch of random access with a cache of two pages, its fetches
     * concurrent, gives the records streaming gives.
     */
    @Test
    void pagesOverTheCacheAreReadIntoReusedArraysWithTheRecordsStreamingGives() throws Exception {
        List<Row> large = largeRows();
        Path file = dir.resolve("large-pages.parquet");
        ParquetFixtures.paged(file, large, GROUP, PAGE);
        int page = PAGE * LARGE_IMAGE;
        try (LabeledImageSource source = open(file, page)) {
            fetchStrided(source, large);
            long misses = source.stats().cacheMisses();
            long allocated = allocatedHere();
            fetchStrided(source, large);
            long perFetch = (allocatedHere() - allocated) / large.size();
            assertEquals(large.size(), source.stats().cacheMisses() - misses, "a read per fetch");
            assertTrue(perFetch < page / 2, perFetch + " bytes per fetch, pages of " + page);
        }
        try (LabeledImageSource source = open(file, 2L * page)) {
            assertEquals(streamed(file), randomAccess(source));
        }
    }

    /**
     * The fetches of one page's items in a random-access epoch, the first holding the page's read
     * (its GET held on a latch) until all the others wait for it: the page is read once, and each
     * fetch gets its own image.
     */
    @Test
    void aPageThatSeveralFetchesOfAnEpochWaitForIsReadOnce() throws Exception {
        Path file = dir.resolve("one-read.parquet");
        ParquetFixtures.paged(file, rows, GROUP, PAGE);
        try (LabeledImageSource source = open(file);
                ExecutorService fetchers = Executors.newVirtualThreadPerTaskExecutor()) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicBoolean gate = new AtomicBoolean(true);
            HTTP.setFaults(
                    (key, attempt) -> {
                        if (gate.getAndSet(false)) {
                            awaitUninterruptibly(release);
                        }
                        return FaultInjectingBlobStore.Fault.NONE;
                    });
            @SuppressWarnings("unchecked")
            ItemSource<ByteBuffer> epoch =
                    ((RandomAccessEpochs<ItemSource<ByteBuffer>>) source).randomAccessEpoch();
            List<Future<ByteBuffer>> fetches = new ArrayList<>();
            for (long item = 0; item < PAGE; item++) {
                long at = item;
                fetches.add(fetchers.submit(() -> epoch.fetch(null, at)));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (source.stats().cacheHits() < PAGE - 1) {
                assertTrue(System.nanoTime() < deadline, "fetches waiting: " + source.stats());
                Thread.onSpinWait();
            }
            release.countDown();
            for (int item = 0; item < PAGE; item++) {
                ByteBuffer image = fetches.get(item).get(60, TimeUnit.SECONDS);
                assertArrayEquals(rows.get(item).image(), TestImages.bytes(image), "row " + item);
            }
            assertEquals(1, source.stats().cacheMisses(), "page reads");
            epoch.close();
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            assertTrue(latch.await(60, TimeUnit.SECONDS), "released");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Fetches each row of {@code rows} once, {@link #PAGE_STRIDE} items after the last. */
    private static void fetchStrided(LabeledImageSource source, List<Row> rows) throws Exception {
        for (int i = 0; i < rows.size(); i++) {
            int item = i * PAGE_STRIDE % rows.size();
            ByteBuffer image = source.fetch(null, item);
            assertEquals(ByteBuffer.wrap(rows.get(item).image()), image, "row " + item);
        }
    }

    /** The heap bytes the calling thread has allocated so far. */
    private static long allocatedHere() {
        return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                .getCurrentThreadAllocatedBytes();
    }

    /** 60 rows of distinct JPEGs of {@link #LARGE_IMAGE} bytes ({@link ParquetFixtures#padded}). */
    private static List<Row> largeRows() {
        SplittableRandom random = new SplittableRandom(7);
        List<Row> large = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            byte[] jpeg = ParquetFixtures.padded(rows.get(r).image(), LARGE_IMAGE, random);
            large.add(new Row(jpeg, rows.get(r).path(), rows.get(r).label()));
        }
        return large;
    }

    @Test
    void aFileWithOnePagePerRowGroupIsReadRowGroupByRowGroup() throws Exception {
        Path file = dir.resolve("one-page.parquet");
        ParquetFixtures.parquetJava(file, rows, CompressionCodecName.SNAPPY, GROUP, false);
        assertTrue(
                ParquetFixtures.imageChunks(file).stream()
                        .allMatch(c -> c.firstRows().length == 1));
        assertEveryRowReadByRowGroup(file);
    }

    @Test
    void aFileWithoutAPageIndexIsReadRowGroupByRowGroup() throws Exception {
        Path file = dir.resolve("duckdb.parquet");
        ParquetFixtures.duckDb(file, rows, "snappy", 2048);
        assertTrue(ParquetFixtures.imageChunks(file).stream().allMatch(c -> c.firstRows() == null));
        assertEveryRowReadByRowGroup(file);
    }

    private static void assertEveryRowReadByRowGroup(Path file) throws Exception {
        Map<Long, String> streamed = streamed(file);
        try (LabeledImageSource source = open(file)) {
            TreeSet<String> groups = new TreeSet<>();
            for (long item = 0; item < rows.size(); item++) {
                groups.add(source.describe(item).replaceAll(" row \\d+$", ""));
            }
            assertEquals(streamed, randomAccess(source));
            long epochReads = source.stats().cacheMisses();
            assertEquals(groups.size(), epochReads, "an epoch reads each row group once");
            for (long item = 0; item < rows.size(); item++) {
                assertRow(source, item);
            }
            assertEquals(
                    groups.size(),
                    source.stats().cacheMisses() - epochReads,
                    "fetches outside an epoch read each row group once");
        }
    }

    private static void assertRow(LabeledImageSource source, long item) throws Exception {
        Row row = rows.get(Math.toIntExact(item));
        assertArrayEquals(row.image(), TestImages.bytes(source.fetch(null, item)), "row " + item);
        assertEquals(row.label(), source.label(item), "row " + item);
    }

    /**
     * Each row group's first row, the rows on each side of each page boundary, its last row and the
     * file's last row, as items.
     */
    private static List<Long> positions(List<ParquetFixtures.ImageChunk> chunks) {
        TreeSet<Long> items = new TreeSet<>();
        long first = 0;
        for (ParquetFixtures.ImageChunk chunk : chunks) {
            items.add(first);
            for (long row : chunk.firstRows()) {
                items.add(first + Math.max(0, row - 1));
                items.add(first + row);
            }
            first += chunk.rows();
            items.add(first - 1);
        }
        return new ArrayList<>(items);
    }

    /** Each item's record in a streamed epoch of {@code file}. */
    private static Map<Long, String> streamed(Path file) throws Exception {
        try (LabeledImageSource source = open(file);
                NDManager manager = NDManager.newBaseManager()) {
            Map<Long, String> items = BatchItems.of(dataset(source, false).getData(manager));
            assertEquals(rows.size(), items.size());
            return items;
        }
    }

    /** Each item's record in an epoch of {@code source} by random access. */
    private static Map<Long, String> randomAccess(LabeledImageSource source) throws Exception {
        try (NDManager manager = NDManager.newBaseManager()) {
            return BatchItems.of(dataset(source, true).getData(manager));
        }
    }

    private static ConcurrentDataset dataset(LabeledImageSource source, boolean randomAccess) {
        ConcurrentDatasetBuilder builder =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(4, false)
                        .optPipeline(ImageRecipes.evaluation(32, 32));
        return (randomAccess ? builder.optRandomAccess() : builder).build();
    }

    /** The bytes of the ranged GETs since the faults were last set. */
    private static long bytesRead() {
        long bytes = 0;
        for (String get : HTTP.gets()) {
            String[] range = get.substring(get.indexOf("bytes=") + 6).split("-");
            bytes += Long.parseLong(range[1]) - Long.parseLong(range[0]) + 1;
        }
        return bytes;
    }

    private static LabeledImageSource open(Path file) throws Exception {
        return open(file, ParquetSource.DEFAULT_CACHE_BYTES);
    }

    private static LabeledImageSource open(Path file, long cacheBytes) throws Exception {
        HTTP.put("/pages/", Map.of(file.getFileName().toString(), Files.readAllBytes(file)));
        return ParquetSource.builder()
                .setLocation(HTTP.url("/pages/" + file.getFileName()))
                .optCacheBytes(cacheBytes)
                .build();
    }
}
