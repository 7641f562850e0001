package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.testing.TestImages;
import dev.hardwood.InputFile;
import dev.hardwood.metadata.Encoding;
import dev.hardwood.reader.ParquetFileReader;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Parquet files that parquet-java and DuckDB wrote in the Hugging Face Hub's image layout, served
 * over HTTP by a local server ({@link ShardHttpServer}): several row groups and pages, dictionary
 * and plain encodings, Snappy and Zstd, nulls. Every row is read exactly once with the values
 * written, by ranged reads only (the footer, then column chunks; never the whole file), and a
 * {@code ConcurrentDataset} over the file gives the batches it gives over the same images in a
 * folder.
 */
class ParquetSourceIT {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    @TempDir static Path dir;
    private static Path images;
    private static List<Row> rows;

    /** 60 JPEGs in 4 class folders, and as rows in the folder source's order. */
    @BeforeAll
    static void writeImages() throws Exception {
        images = Files.createDirectories(dir.resolve("images"));
        TestImages.write(images, TestImages.classFolders(4, 15, 40, 32));
        rows = new ArrayList<>();
        try (LabeledImageSource folder =
                FolderSource.builder().setLocation(images.toString()).build()) {
            for (long i = 0; i < folder.size(); i++) {
                byte[] jpeg = Files.readAllBytes(images.resolve(ItemKeys.key(folder, i, images)));
                rows.add(
                        new Row(
                                jpeg,
                                i % 7 == 0 ? null : ItemKeys.key(folder, i, images),
                                folder.label(i)));
            }
        }
    }

    /**
     * Every codec read, pages of formats 1 and 2, plain and dictionary-encoded: for a dictionary,
     * each image is written three times, or parquet-java falls back to plain values (to
     * delta-encoded ones in format 2, which Hardwood decodes).
     */
    @ParameterizedTest
    @CsvSource({
        "SNAPPY, true, PARQUET_1_0",
        "SNAPPY, false, PARQUET_1_0",
        "ZSTD, true, PARQUET_1_0",
        "ZSTD, false, PARQUET_1_0",
        "GZIP, false, PARQUET_1_0",
        "UNCOMPRESSED, true, PARQUET_1_0",
        "UNCOMPRESSED, false, PARQUET_1_0",
        "SNAPPY, true, PARQUET_2_0",
        "ZSTD, true, PARQUET_2_0",
        "GZIP, true, PARQUET_2_0",
        "UNCOMPRESSED, true, PARQUET_2_0",
        "SNAPPY, false, PARQUET_2_0"
    })
    void parquetJavaFileReadsEveryRowOnceWithTheValuesWrittenByRangedReads(
            CompressionCodecName codec, boolean dictionary, WriterVersion version)
            throws Exception {
        String name = "java-" + codec + "-" + dictionary + "-" + version + ".parquet";
        Path file = dir.resolve(name);
        List<Row> repeated = new ArrayList<>();
        for (Row row : rows) {
            repeated.addAll(Collections.nCopies(dictionary ? 3 : 1, row));
        }
        List<Row> written = withNulls(repeated);
        ParquetFixtures.parquetJava(file, written, codec, 16, dictionary, version);
        Encoding values =
                version == WriterVersion.PARQUET_1_0
                        ? (dictionary ? Encoding.PLAIN_DICTIONARY : Encoding.PLAIN)
                        : (dictionary ? Encoding.RLE_DICTIONARY : Encoding.DELTA_BYTE_ARRAY);
        assertTrue(imageEncodings(file).contains(values), "pages of " + values + " were written");
        assertEveryRowReadOnce(file, name, written);
    }

    @ParameterizedTest
    @CsvSource({"snappy", "zstd"})
    void duckDbFileReadsEveryRowOnceWithTheValuesWrittenByRangedReads(String codec)
            throws Exception {
        String name = "duckdb-" + codec + ".parquet";
        Path file = dir.resolve(name);
        List<Row> many = new ArrayList<>();
        while (many.size() < 2 * 2048 + 100) {
            many.addAll(rows);
        }
        List<Row> written = withNulls(many);
        ParquetFixtures.duckDb(file, written, codec, 2048);
        assertEveryRowReadOnce(file, name, written);
    }

    @Test
    void binaryImageColumnAndStringLabelInTheClassListReadAsWritten() throws Exception {
        Path file = dir.resolve("flat.parquet");
        List<String> classes = List.of("c0", "c1", "c2", "c3");
        ParquetFixtures.duckDbFlat(file, rows, classes);
        serve(file);
        try (LabeledImageSource source =
                ParquetSource.builder()
                        .setLocation(HTTP.url("/pq/flat.parquet"))
                        .optClasses(classes)
                        .build()) {
            assertEquals(rows.size(), source.size());
            for (int i = 0; i < rows.size(); i++) {
                ByteBuffer image = source.fetch(null, i);
                assertArrayEquals(rows.get(i).image(), TestImages.bytes(image), "row " + i);
                assertEquals(rows.get(i).label(), source.label(i), "row " + i);
            }
        }
        BadItemException noClasses =
                assertThrows(BadItemException.class, () -> open("flat.parquet"));
        assertTrue(noClasses.getMessage().contains("optClasses"), noClasses.getMessage());
    }

    @Test
    void sampleSourceGivesEachRowsChosenColumnsAsPartsAndNamesAMissingOne() throws Exception {
        Path file = dir.resolve("samples.parquet");
        List<Row> written = withNulls(rows);
        ParquetFixtures.parquetJava(file, written, CompressionCodecName.ZSTD, 16, true);
        serve(file);
        SampleDecoder decoder = SampleDecoder.imageClassification("image", "label");
        try (ItemSource<Sample> source =
                        ParquetSource.builder()
                                .setLocation(HTTP.url("/pq/samples.parquet"))
                                .buildSamples(List.of("image", "label"), decoder);
                NDManager manager = NDManager.newBaseManager()) {
            assertEquals(written.size(), source.size());
            for (int i = 0; i < rows.size(); i++) {
                Sample sample = source.fetch(manager, i);
                assertArrayEquals(rows.get(i).image(), sample.bytes("image"), "row " + i);
                assertEquals(rows.get(i).label(), Long.parseLong(Parts.text(sample, "label")));
                Record record = source.decode(manager, i, sample);
                assertEquals(rows.get(i).label(), record.getLabels().head().getLong());
            }
            Sample noImage = source.fetch(manager, rows.size());
            BadItemException e =
                    assertThrows(
                            BadItemException.class,
                            () -> source.decode(manager, rows.size(), noImage));
            assertTrue(e.getMessage().contains("row " + rows.size() + ".image"), e.getMessage());
        }
    }

    @Test
    void concurrentDatasetOverParquetGivesTheBatchesOfTheSameImagesInAFolder() throws Exception {
        Path file = dir.resolve("same.parquet");
        ParquetFixtures.parquetJava(file, rows, CompressionCodecName.SNAPPY, 16, true);
        serve(file);
        try (LabeledImageSource folder =
                        FolderSource.builder().setLocation(images.toString()).build();
                LabeledImageSource parquet = open("same.parquet")) {
            Epoch expected = FaultCampaignIT.epoch(folder, true);
            FaultCampaignIT.assertSameEpoch(
                    expected, FaultCampaignIT.epoch(parquet, true), rows.size());
        }
    }

    /** {@code rows}, then a row without an image and one without a label. */
    @Test
    void hubClassLabelNamesInTheFootersAreTheClassesAndAFileNamingOthersIsNamed() throws Exception {
        List<String> names = List.of("class0", "class1", "class2", "class3");
        Path a = dir.resolve("hub-a.parquet");
        Path b = dir.resolve("hub-b.parquet");
        Path other = dir.resolve("hub-other.parquet");
        ParquetFixtures.hubDataset(a, rows, names);
        ParquetFixtures.hubDataset(b, rows, names);
        ParquetFixtures.hubDataset(other, rows, List.of("class0", "class1", "class2", "fox"));
        try (LabeledImageSource source =
                ParquetSource.builder().setLocations(List.of(a.toString(), b.toString())).build()) {
            assertEquals(names, source.getClasses());
        }
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                ParquetSource.builder()
                                        .setLocations(List.of(a.toString(), other.toString()))
                                        .build());
        assertTrue(e.getMessage().startsWith(other.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("fox"), e.getMessage());
    }

    private static List<Row> withNulls(List<Row> rows) {
        List<Row> all = new ArrayList<>(rows);
        all.add(new Row(null, "none.jpg", 1L));
        all.add(new Row(rows.get(0).image(), "unlabelled.jpg", null));
        return all;
    }

    /** Reads every row of {@code written} but the last two, which have a null image or label. */
    private static void assertEveryRowReadOnce(Path file, String name, List<Row> written)
            throws Exception {
        serve(file);
        HTTP.setFaults((key, attempt) -> FaultInjectingBlobStore.Fault.NONE);
        try (LabeledImageSource source = open(name)) {
            int good = written.size() - 2;
            assertEquals(written.size(), source.size());
            Set<String> groups = new TreeSet<>();
            for (int i = 0; i < good; i++) {
                ByteBuffer image = source.fetch(null, i);
                assertArrayEquals(written.get(i).image(), TestImages.bytes(image), "row " + i);
                assertEquals(written.get(i).label(), source.label(i), "row " + i);
                groups.add(source.describe(i).replaceAll(" row \\d+$", ""));
            }
            assertTrue(groups.size() > 2, "several row groups: " + groups);
            assertNullRow(source, good, "the image is null");
            assertNullRow(source, good + 1, "the label is null");
            assertEquals(written.size(), source.stats().cacheHits() + source.stats().cacheMisses());
            assertEquals(groups.size(), source.stats().cacheMisses(), "one read per row group");
        }
        long whole = Files.size(file);
        for (String get : HTTP.gets()) {
            assertTrue(get.contains("bytes="), "a ranged read: " + get);
            long[] range = range(get);
            assertTrue(range[1] - range[0] + 1 < whole, "not the whole file: " + get);
        }
    }

    private static void assertNullRow(LabeledImageSource source, long index, String problem) {
        BadItemException e = assertThrows(BadItemException.class, () -> source.fetch(null, index));
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().matches(".*\\.parquet row group \\d+ row " + index + ": .*"));
    }

    private static long[] range(String get) {
        String[] bounds = get.substring(get.indexOf("bytes=") + 6).split("-");
        return new long[] {Long.parseLong(bounds[0]), Long.parseLong(bounds[1])};
    }

    /** The encodings of the image column's chunk in the first row group of {@code file}. */
    private static List<Encoding> imageEncodings(Path file) throws Exception {
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file))) {
            return reader.getFileMetaData().rowGroups().get(0).columns().stream()
                    .filter(c -> c.metaData().pathInSchema().matchesDottedName("image.bytes"))
                    .findFirst()
                    .orElseThrow()
                    .metaData()
                    .encodings();
        }
    }

    static void serve(Path file) throws Exception {
        HTTP.put("/pq/", Map.of(file.getFileName().toString(), Files.readAllBytes(file)));
    }

    static LabeledImageSource open(String name) throws Exception {
        return ParquetSource.builder().setLocation(HTTP.url("/pq/" + name)).build();
    }
}
