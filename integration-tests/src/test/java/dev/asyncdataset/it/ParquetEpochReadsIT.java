package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.it.ParquetFixtures.ImageChunk;
import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.testing.BatchItems;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A random-access epoch over Parquet reads each page once when the cache holds the set, whatever
 * the order; with a smaller cache, its items fetched one at a time, it reads exactly the pages that
 * a first-in, first-out store of images bounded by the cache reads when it keeps, of each page
 * read, the images the epoch has not fetched yet and gives each out once; and every record is the
 * one streaming gives. Cases: pages per row group, images per page, the cache as a share of the
 * set, shuffled orders from seeds; the images read page by page, and samples of the same files read
 * row group by row group (as a file without an offset index is).
 */
class ParquetEpochReadsIT {

    private static final int EPOCHS = 3;

    /** Pages per row group and images per page of the files written. */
    private static final int[][] LAYOUTS = {{1, 4}, {3, 5}, {4, 8}, {2, 3}};

    @TempDir static Path dir;
    private static List<Row> rows;
    private static long setBytes;

    /** 60 JPEGs in 4 classes. */
    @BeforeAll
    static void writeFiles() throws Exception {
        rows = ParquetFixtures.images(Files.createDirectories(dir.resolve("images")));
        setBytes = rows.stream().mapToLong(r -> r.image().length).sum();
        for (int[] layout : LAYOUTS) {
            ParquetFixtures.paged(
                    file(layout[0], layout[1]), rows, layout[0] * layout[1], layout[1]);
        }
    }

    /** Each layout with the cache's share of the set's bytes and a seed of the order. */
    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (int[] layout : LAYOUTS) {
            for (double share : new double[] {1.0, 0.5, 0.25}) {
                for (long seed = 1; seed <= 2; seed++) {
                    cases.add(Arguments.of(layout[0], layout[1], share, seed * 7919 + layout[1]));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} pages of {1} per row group, cache {2} of the set, seed {3}")
    @MethodSource("cases")
    void pageReadsPerEpochAreThoseOfAFifoOfTheImagesNotFetchedYet(
            int pagesPerGroup, int perPage, double share, long seed) throws Exception {
        Path file = file(pagesPerGroup, perPage);
        long[] pageOf = pages(ParquetFixtures.imageChunks(file));
        long budget = (long) (setBytes * share);
        boolean holdsSet = share >= 1.0;
        Map<Long, String> streamed = streamed(file, budget);
        try (ItemSource<?> source = images(file, budget);
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(6, true, false)
                            .optSeed(seed)
                            .optSequentialFetch(!holdsSet)
                            .optPipeline(ImageRecipes.evaluation(16, 16))
                            .optRandomAccess()
                            .build();
            for (int epoch = 0; epoch < EPOCHS; epoch++) {
                long before = source.stats().cacheMisses();
                Map<Long, String> items = BatchItems.of(dataset.getData(manager));
                long reads = source.stats().cacheMisses() - before;
                assertEquals(streamed, items, "epoch " + epoch + ": the records streamed");
                long expected =
                        holdsSet
                                ? Arrays.stream(pageOf).distinct().count()
                                : fifoReads(new ArrayList<>(items.keySet()), pageOf, budget);
                assertEquals(expected, reads, "epoch " + epoch + "'s page reads");
            }
        }
    }

    static Stream<Arguments> layouts() {
        return Arrays.stream(LAYOUTS).map(l -> Arguments.of(l[0], l[1], l[0] * 31L + l[1]));
    }

    @ParameterizedTest(name = "{0} pages of {1} per row group, seed {2}")
    @MethodSource("layouts")
    void samplesReadEachRowGroupOnceAnEpochWhenTheCacheHoldsTheSet(
            int pagesPerGroup, int perPage, long seed) throws Exception {
        Path file = file(pagesPerGroup, perPage);
        int groupRows = pagesPerGroup * perPage;
        try (ItemSource<Sample> source =
                        ParquetSource.builder()
                                .setLocation(file.toString())
                                .buildSamples(
                                        List.of("image", "label"), ParquetEpochReadsIT::record);
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(1, true, false)
                            .optSeed(seed)
                            .optRandomAccess()
                            .build();
            for (int epoch = 0; epoch < EPOCHS; epoch++) {
                long before = source.stats().cacheMisses();
                Map<Long, String> items = BatchItems.of(dataset.getData(manager));
                assertEquals(rows.size(), items.size());
                items.forEach(
                        (item, record) -> assertEquals(expected(item), record, "row " + item));
                long groups = (rows.size() + groupRows - 1) / groupRows;
                assertEquals(groups, source.stats().cacheMisses() - before, "epoch " + epoch);
            }
        }
    }

    private static Path file(int pagesPerGroup, int perPage) {
        return dir.resolve("layout-" + pagesPerGroup + "x" + perPage + ".parquet");
    }

    private static ItemSource<?> images(Path file, long budget) throws Exception {
        return ParquetSource.builder().setLocation(file.toString()).optCacheBytes(budget).build();
    }

    /** Each item's record in a streamed epoch of {@code file}. */
    private static Map<Long, String> streamed(Path file, long budget) throws Exception {
        try (ItemSource<?> source = images(file, budget);
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(6, false, false)
                            .optPipeline(ImageRecipes.evaluation(16, 16))
                            .build();
            return BatchItems.of(dataset.getData(manager));
        }
    }

    /** A sample as its image's bytes and its label. */
    private static Record record(NDManager manager, Sample sample) throws Exception {
        String label = new String(sample.bytes("label"), StandardCharsets.US_ASCII);
        return new Record(
                new NDList(manager.create(sample.bytes("image"))),
                new NDList(manager.create(Long.parseLong(label))));
    }

    /** Row {@code item}'s record as {@link #record} makes it, as {@link BatchItems} shows it. */
    private static String expected(long item) {
        Row row = rows.get(Math.toIntExact(item));
        try (NDManager manager = NDManager.newBaseManager()) {
            return HexFormat.of().formatHex(row.image())
                    + "/"
                    + HexFormat.of()
                            .formatHex(manager.create(row.label().longValue()).toByteArray());
        }
    }

    /** The page over the file of each item, from the files' offset indexes. */
    private static long[] pages(List<ImageChunk> chunks) {
        long[] pageOf = new long[rows.size()];
        int item = 0;
        long page = 0;
        for (ImageChunk chunk : chunks) {
            long[] first = chunk.firstRows();
            for (int p = 0; p < first.length; p++, page++) {
                long end = p + 1 < first.length ? first[p + 1] : chunk.rows();
                for (long row = first[p]; row < end; row++) {
                    pageOf[item++] = page;
                }
            }
        }
        return pageOf;
    }

    /**
     * The page reads of fetching {@code order} one at a time with a store of at most {@code budget}
     * image bytes, the oldest dropped first, that keeps each read page's images not fetched yet, a
     * read image as the newest, and takes a fetched image out.
     */
    private static long fifoReads(List<Long> order, long[] pageOf, long budget) {
        Set<Integer> fetched = new HashSet<>();
        Map<Integer, Long> kept = new LinkedHashMap<>();
        long bytes = 0;
        long reads = 0;
        for (long at : order) {
            int item = Math.toIntExact(at);
            fetched.add(item);
            Long found = kept.remove(item);
            if (found != null) {
                bytes -= found;
                continue;
            }
            reads++;
            for (int other = 0; other < pageOf.length; other++) {
                if (pageOf[other] == pageOf[item] && !fetched.contains(other)) {
                    Long old = kept.remove(other);
                    long size = rows.get(other).image().length;
                    bytes += size - (old == null ? 0 : old);
                    kept.put(other, size);
                }
            }
            Iterator<Long> oldest = kept.values().iterator();
            while (bytes > budget && oldest.hasNext()) {
                bytes -= oldest.next();
                oldest.remove();
            }
        }
        return reads;
    }
}
