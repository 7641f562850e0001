package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same Parquet files read from every kind of store the table of stores knows give the same
 * rows: over HTTP, from a local path, a {@code file:} URL and a folder, and from S3 by key and by a
 * listed prefix ({@code AzureShardsIT} reads them from a registered Azure store).
 */
class ParquetStoresIT {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();
    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final List<String> NAMES = List.of("a.parquet", "b.parquet");
    @TempDir static Path dir;
    private static Path folder;

    /** Writes the files once and serves them over HTTP and S3. */
    @BeforeAll
    static void writeAndServeFiles() throws Exception {
        folder = dir.resolve("pq");
        Map<String, byte[]> files = write(dir.resolve("images"), folder);
        HTTP.put("/pq/", files);
        S3.upload("tables", "pq/", files);
    }

    /**
     * Writes two Parquet files of 30 JPEGs each, in row groups of 8, beside a file that is not
     * Parquet, into {@code folder}.
     *
     * @return each file's bytes by name
     */
    static Map<String, byte[]> write(Path images, Path folder) throws Exception {
        TestImages.write(Files.createDirectories(images), TestImages.classFolders(3, 20, 40, 32));
        List<Row> rows = new ArrayList<>();
        try (LabeledImageSource source =
                FolderSource.builder().setLocation(images.toString()).build()) {
            for (long i = 0; i < source.size(); i++) {
                byte[] jpeg = Files.readAllBytes(images.resolve(ItemKeys.key(source, i, images)));
                rows.add(new Row(jpeg, ItemKeys.key(source, i, images), source.label(i)));
            }
        }
        Files.createDirectories(folder);
        int half = rows.size() / 2;
        ParquetFixtures.parquetJava(
                folder.resolve(NAMES.get(0)),
                rows.subList(0, half),
                CompressionCodecName.SNAPPY,
                8,
                true);
        ParquetFixtures.parquetJava(
                folder.resolve(NAMES.get(1)),
                rows.subList(half, rows.size()),
                CompressionCodecName.ZSTD,
                8,
                false);
        Files.writeString(folder.resolve("README.txt"), "not Parquet");
        Map<String, byte[]> files = new TreeMap<>();
        for (String name : List.of(NAMES.get(0), NAMES.get(1), "README.txt")) {
            files.put(name, Files.readAllBytes(folder.resolve(name)));
        }
        return files;
    }

    @Test
    void oneFileGivesTheRowsItGivesOverHttpFromAPathAFileUrlAndS3() throws Exception {
        String name = NAMES.get(0);
        List<String> expected = rows(ParquetSource.builder().setLocation(HTTP.url("/pq/" + name)));
        assertTrue(expected.size() > 8, "several row groups: " + expected.size());
        Path file = folder.resolve(name);
        assertEquals(expected, rows(ParquetSource.builder().setLocation(file.toString())));
        assertEquals(expected, rows(ParquetSource.builder().setLocation(file.toUri().toString())));
        assertEquals(expected, rows(s3("s3://tables/pq/" + name)));
    }

    @Test
    void aFolderAndAnS3PrefixGiveTheRowsOfTheirParquetFilesInNameOrder() throws Exception {
        List<String> expected =
                rows(
                        ParquetSource.builder()
                                .setLocations(
                                        NAMES.stream().map(n -> HTTP.url("/pq/" + n)).toList()));
        assertEquals(expected, rows(ParquetSource.builder().setLocation(folder + "/")));
        assertEquals(expected, rows(s3("s3://tables/pq/")));
    }

    @Test
    void aListOfFilesInTwoStoresIsRefusedNamingTheOddOne() {
        String odd = "s3://tables/pq/" + NAMES.get(1);
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                ParquetSource.builder()
                                        .setLocations(
                                                List.of(
                                                        folder.resolve(NAMES.get(0)).toString(),
                                                        odd)));
        assertTrue(e.getMessage().contains(odd), e.getMessage());
    }

    private static ParquetSource s3(String url) {
        return ParquetSource.builder().setLocation(url).optStore(S3.storeOptions().build());
    }

    /**
     * Every row as where it is (file name, row group, row), its label and its image's SHA-256, read
     * through the source {@code builder} opens, which retries nothing from a fault-free store.
     */
    static List<String> rows(ParquetSource builder) throws Exception {
        List<String> rows = new ArrayList<>();
        try (LabeledImageSource source = builder.build()) {
            for (int i = 0; i < source.size(); i++) {
                byte[] image = TestImages.bytes(source.fetch(null, i));
                String where = source.describe(i);
                rows.add(
                        where.substring(where.lastIndexOf('/') + 1)
                                + " label "
                                + source.label(i)
                                + " image "
                                + HexFormat.of().formatHex(digest(image)));
            }
            assertEquals(0, source.stats().retries(), "no retries of a fault-free store");
        }
        return rows;
    }

    private static byte[] digest(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }
}
