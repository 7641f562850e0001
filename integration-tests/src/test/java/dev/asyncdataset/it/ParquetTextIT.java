package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.PackedDataset;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.store.hf.HubStore;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.testing.TextCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Text in a Parquet string column, written by DuckDB (Zstd), packed into language-model windows
 * from a local file and from the Hugging Face Hub's conversion branch: every document once; an
 * empty row named by its file and row; a missing column named with the file.
 */
class ParquetTextIT {

    private static final String TOKEN = "hf_text_token_1c9e";
    private static final int COUNT = 300;

    @RegisterExtension static final HubServer HUB = new HubServer(TOKEN, 2);

    @TempDir static Path dir;
    private static List<String> documents;
    private static Path tokenizer;

    @BeforeAll
    static void writeFiles() throws Exception {
        documents = TextCorpus.documents(COUNT, 60, 3);
        write(dir.resolve("train.parquet"), documents);
        List<String> withEmpty = new ArrayList<>(documents.subList(0, 40));
        withEmpty.set(17, "");
        write(dir.resolve("empty.parquet"), withEmpty);
        tokenizer = dir.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
        HUB.commit(
                "org/text",
                "refs/convert/parquet",
                Map.of(
                        "default/train/0000.parquet",
                        Files.readAllBytes(dir.resolve("train.parquet"))));
        Stores.register(
                "hubtext",
                settings ->
                        HubStore.builder()
                                .setSettings(settings)
                                .optEndpoint(HUB.endpoint())
                                .optToken(TOKEN)
                                .build());
    }

    @Test
    void everyDocumentOfALocalFileIsPackedOnce() throws Exception {
        assertEveryDocumentPackedOnce(dir.resolve("train.parquet").toString());
    }

    @Test
    void everyDocumentOfTheHubsConversionBranchIsPackedOnce() throws Exception {
        assertEveryDocumentPackedOnce(
                "hubtext://datasets/org/text@refs/convert/parquet/default/train/*.parquet");
    }

    @Test
    void anEmptyRowIsNamedByItsFileAndRow() throws Exception {
        Path file = dir.resolve("empty.parquet");
        try (PackedDataset dataset = packed(file.toString(), "text");
                NDManager manager = NDManager.newBaseManager()) {
            var e = assertThrows(DataLoadingException.class, () -> tokens(dataset, manager));
            assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
            assertTrue(e.getMessage().contains("row 17"), e.getMessage());
            assertTrue(e.getMessage().contains("empty document"), e.getMessage());
        }
    }

    @Test
    void aMissingColumnIsNamedWithTheFile() {
        Path file = dir.resolve("train.parquet");
        var e = assertThrows(IOException.class, () -> packed(file.toString(), "body"));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("body"), e.getMessage());
    }

    private static void assertEveryDocumentPackedOnce(String location) throws Exception {
        try (PackedDataset dataset = packed(location, "text");
                NDManager manager = NDManager.newBaseManager()) {
            List<Long> stream = tokens(dataset, manager);
            List<List<Long>> delivered = TextCorpus.split(stream);
            List<List<Long>> all = documents.stream().map(TextCorpus::ids).toList();
            List<List<Long>> left = TextCorpus.difference(delivered, all);
            assertEquals(List.of(), TextCorpus.difference(all, delivered), "delivered twice");
            assertTrue(left.size() <= 1, "documents not packed: " + left.size());
            List<Long> tail =
                    stream.subList(stream.lastIndexOf(TextCorpus.END_OF_TEXT) + 1, stream.size());
            assertEquals(left.isEmpty() ? List.of() : left.get(0).subList(0, tail.size()), tail);
        }
    }

    private static PackedDataset packed(String location, String column) throws Exception {
        var texts =
                ParquetSource.builder()
                        .setLocation(location)
                        .buildSamples(List.of(column), SampleDecoder.text(column));
        return PackedDataset.builder()
                .setDocuments(
                        ConcurrentDataset.builder()
                                .setSource(texts)
                                .setSampling(16, true)
                                .optSeed(5))
                .setTokenizer(tokenizer.toString())
                .setSequenceLength(63)
                .setBatchSize(4)
                .build();
    }

    private static List<Long> tokens(PackedDataset dataset, NDManager manager) throws Exception {
        List<long[]> windows = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            try (batch) {
                windows.addAll(TextCorpus.windows(batch));
            }
        }
        return TextCorpus.stream(windows);
    }

    private static void write(Path file, List<String> texts) throws Exception {
        try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
                Statement sql = db.createStatement()) {
            sql.execute("CREATE TABLE t (n INTEGER, text VARCHAR)");
            try (PreparedStatement insert = db.prepareStatement("INSERT INTO t VALUES (?, ?)")) {
                for (int n = 0; n < texts.size(); n++) {
                    insert.setInt(1, n);
                    insert.setString(2, texts.get(n));
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            sql.execute(
                    "COPY (SELECT text FROM t ORDER BY n) TO '"
                            + file
                            + "' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 2048)");
        }
    }
}
