package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.it.ParquetFixtures.Row;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.hardwood.InputFile;
import dev.hardwood.metadata.ColumnChunk;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad Parquet input served over HTTP: a file cut short, a bad footer, a corrupt page, a row whose
 * image does not decode and a schema without the mapped column each give an error naming the file
 * (and, for a row, its row group and row); under {@link BadItemPolicy#SKIP} only the bad row (or
 * the row group of a corrupt page, or the unreadable file) is left out, and counted.
 */
class ParquetBadInputIT {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    /** Rows per row group. */
    private static final int GROUP = 16;

    @TempDir static Path dir;
    private static List<Row> rows;
    private static byte[] good;

    @BeforeAll
    static void writeRows() throws Exception {
        rows = ParquetFixtures.images(Files.createDirectories(dir.resolve("images")));
        good = write("good.parquet", rows);
        serve("good.parquet", good);
    }

    @Test
    void fileCutShortOrWithABadFooterIsLeftOutNamedAndTheOtherFilesAreRead() throws Exception {
        byte[] footerBroken = good.clone();
        int footer = footerLength(good);
        Arrays.fill(footerBroken, good.length - 8 - footer, good.length - 8, (byte) 0x55);
        serve("cut.parquet", Arrays.copyOf(good, good.length / 2));
        serve("footer.parquet", footerBroken);
        BadItemException alone =
                assertThrows(BadItemException.class, () -> open("cut.parquet").close());
        assertTrue(alone.getMessage().contains("/pq/cut.parquet"), alone.getMessage());
        try (LabeledImageSource source =
                        ParquetSource.builder()
                                .setLocation(HTTP.url("/pq/{good,cut,footer}.parquet"))
                                .build();
                NDManager manager = NDManager.newBaseManager()) {
            assertEquals(rows.size(), source.size());
            assertEquals(2, source.damaged().size());
            assertTrue(source.damaged().get(0).getMessage().contains("/pq/cut.parquet"));
            assertTrue(source.damaged().get(1).getMessage().contains("/pq/footer.parquet"));
            Exception e = assertThrows(Exception.class, () -> drain(source, BadItemPolicy.FAIL));
            assertTrue(String.valueOf(e.getMessage()).contains("cut.parquet"), e.getMessage());
            assertEquals(rows.size(), drain(source, BadItemPolicy.SKIP));
        }
    }

    @Test
    void corruptPageFailsTheRowsOfItsRowGroupNamedAndSkipLeavesOutOnlyThatRowGroup()
            throws Exception {
        byte[] corrupt = good.clone();
        corrupt[(int) middleOfImageChunk(dir.resolve("good.parquet"), 1)] ^= 0x10;
        serve("corrupt.parquet", corrupt);
        try (LabeledImageSource source = open("corrupt.parquet")) {
            BadItemException e =
                    assertThrows(BadItemException.class, () -> source.fetch(null, GROUP + 4));
            assertTrue(
                    e.getMessage().contains("/pq/corrupt.parquet row group 1 row " + (GROUP + 4)),
                    e.getMessage());
            assertEquals(rows.size() - GROUP, drain(source, BadItemPolicy.SKIP));
        }
    }

    @Test
    void imageThatDoesNotDecodeFailsItsRowNamedAndSkipLeavesOutOnlyThatRow() throws Exception {
        List<Row> withBad = new ArrayList<>(rows);
        byte[] notAnImage = "not an image".getBytes(StandardCharsets.US_ASCII);
        withBad.add(GROUP + 4, new Row(notAnImage, "bad.jpg", 0L));
        serve("undecodable.parquet", write("undecodable.parquet", withBad));
        try (LabeledImageSource source = open("undecodable.parquet")) {
            DataLoadingException e =
                    assertThrows(
                            DataLoadingException.class, () -> drain(source, BadItemPolicy.FAIL));
            String named = "/pq/undecodable.parquet row group 1 row " + (GROUP + 4);
            assertTrue(e.getMessage().contains(named), e.getMessage());
            assertEquals(rows.size(), drain(source, BadItemPolicy.SKIP));
        }
    }

    @Test
    void schemaWithoutTheMappedColumnNamesTheFileAndTheColumn() throws Exception {
        serve("schema.parquet", good);
        BadItemException e =
                assertThrows(
                        BadItemException.class,
                        () ->
                                ParquetSource.builder()
                                        .setLocation(HTTP.url("/pq/schema.parquet"))
                                        .optImageColumn("picture")
                                        .build()
                                        .close());
        assertTrue(e.getMessage().contains("/pq/schema.parquet"), e.getMessage());
        assertTrue(e.getMessage().contains("no column picture"), e.getMessage());
    }

    @Test
    void repeatedImageColumnIsRefusedNamingTheFileAndTheColumn() throws Exception {
        Path file = dir.resolve("repeated.parquet");
        ParquetFixtures.repeatedImages(file, rows.subList(0, 4));
        serve("repeated.parquet", Files.readAllBytes(file));
        BadItemException e =
                assertThrows(
                        BadItemException.class,
                        () ->
                                ParquetSource.builder()
                                        .setLocation(HTTP.url("/pq/repeated.parquet"))
                                        .build()
                                        .close());
        assertTrue(e.getMessage().contains("/pq/repeated.parquet"), e.getMessage());
        assertTrue(e.getMessage().contains("column image is repeated"), e.getMessage());
    }

    /** Items delivered by one epoch under {@code policy}, checking that the others were counted. */
    private static int drain(LabeledImageSource source, BadItemPolicy policy) throws Exception {
        try (NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(8, false)
                            .optPipeline(ImageRecipes.evaluation(32, 32))
                            .optBadItemPolicy(policy)
                            .build();
            int delivered = SourceEpoch.drain(dataset, manager);
            assertEquals(source.size() - delivered, dataset.stats().skippedItems(), "counted");
            return delivered;
        }
    }

    /** The middle of the image column's chunk (the largest) in row group {@code group}. */
    static long middleOfImageChunk(Path file, int group) throws Exception {
        try (dev.hardwood.reader.ParquetFileReader reader =
                dev.hardwood.reader.ParquetFileReader.open(InputFile.of(file))) {
            ColumnChunk image =
                    reader.getFileMetaData().rowGroups().get(group).columns().stream()
                            .max(Comparator.comparingLong(c -> c.metaData().totalCompressedSize()))
                            .orElseThrow();
            return image.chunkStartOffset() + image.metaData().totalCompressedSize() / 2;
        }
    }

    /** The length of the footer, stored before the closing magic. */
    private static int footerLength(byte[] file) {
        int at = file.length - 8;
        return (file[at] & 0xFF)
                | (file[at + 1] & 0xFF) << 8
                | (file[at + 2] & 0xFF) << 16
                | (file[at + 3] & 0xFF) << 24;
    }

    private static byte[] write(String name, List<Row> written) throws Exception {
        Path file = dir.resolve(name);
        ParquetFixtures.parquetJava(file, written, CompressionCodecName.SNAPPY, GROUP, true);
        return Files.readAllBytes(file);
    }

    private static void serve(String name, byte[] bytes) {
        HTTP.put("/pq/", Map.of(name, bytes));
    }

    private static LabeledImageSource open(String name) throws Exception {
        return ParquetSource.builder().setLocation(HTTP.url("/pq/" + name)).build();
    }
}
