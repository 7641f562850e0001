package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ch.qos.logback.classic.Level;
import com.google.gson.JsonObject;
import dev.asyncdataset.internal.text.PaddedBatches;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.jsonl.JsonLinesSource;
import dev.asyncdataset.testing.CapturedLogs;
import dev.asyncdataset.testing.TextCorpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Padded batches for classification: each document one row of its ids, cut to the sequence length
 * and padded to it or to the batch's longest row, with its attention mask and label; every document
 * once; the documents cut are logged. Every tenth document is longer than the sequence length, so
 * that at most 5 of the 7 batches hold one.
 */
class PaddedBatchesTest {

    private static final int SEQ_LEN = 24;
    private static final int COUNT = 50;
    private static final int BATCH = 8;

    @TempDir Path dir;

    private List<String> documents;
    private Path tokenizer;

    @BeforeEach
    void writeRecords() throws Exception {
        documents = new ArrayList<>(TextCorpus.documents(COUNT, SEQ_LEN / 2, 9));
        for (int i = 0; i < COUNT; i += 10) {
            documents.set(i, documents.get(i) + " w7".repeat(SEQ_LEN + i));
        }
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            JsonObject record = new JsonObject();
            record.addProperty("text", documents.get(i));
            record.addProperty("label", i % 3);
            lines.add(record.toString());
        }
        Files.write(dir.resolve("train.jsonl"), lines);
        tokenizer = dir.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
    }

    @Test
    void everyDocumentIsOneRowPaddedToTheSequenceLengthWithItsMaskAndLabel() throws Exception {
        Set<Integer> seen = new HashSet<>();
        for (Rows rows : epoch(false)) {
            assertEquals(SEQ_LEN, rows.width());
            seen.addAll(rows.documents());
        }
        assertEquals(COUNT, seen.size(), "every document once");
    }

    @Test
    void rowsPaddedToTheLongestAreAsLongAsTheBatchsLongestRow() throws Exception {
        Set<Integer> seen = new HashSet<>();
        boolean shorter = false;
        for (Rows rows : epoch(true)) {
            long longest =
                    rows.documents().stream()
                            .mapToLong(
                                    i -> Math.min(SEQ_LEN, TextCorpus.ids(documents.get(i)).size()))
                            .max()
                            .orElseThrow();
            assertEquals(longest, rows.width());
            shorter |= longest < SEQ_LEN;
            seen.addAll(rows.documents());
        }
        assertEquals(COUNT, seen.size(), "every document once");
        assertTrue(shorter, "a batch shorter than the sequence length");
    }

    @Test
    void theDocumentsCutToTheSequenceLengthAreLoggedWithTheTokensLost() throws Exception {
        long cut = documents.stream().filter(d -> TextCorpus.ids(d).size() > SEQ_LEN).count();
        long lost =
                documents.stream()
                        .mapToLong(d -> Math.max(0, TextCorpus.ids(d).size() - SEQ_LEN))
                        .sum();
        try (CapturedLogs logs = new CapturedLogs(PaddedBatches.class.getName(), Level.WARN)) {
            epoch(true);
            assertEquals(
                    List.of(
                            "padded epoch cut "
                                    + cut
                                    + " documents to "
                                    + SEQ_LEN
                                    + " tokens, leaving out "
                                    + lost
                                    + " tokens"),
                    logs.messages());
        }
        assertTrue(cut > 0, "a document longer than the sequence length");
    }

    @Test
    void aBatchSizeIsRefusedForPaddedBatchesAndRequiredForPackedOnes() {
        var padded =
                assertThrows(
                        IllegalStateException.class, () -> builder(true).setBatchSize(4).build());
        assertTrue(padded.getMessage().contains("setSampling"), padded.getMessage());
        var packed = assertThrows(IllegalStateException.class, () -> builder(null).build());
        assertTrue(packed.getMessage().contains("setBatchSize"), packed.getMessage());
    }

    /**
     * Checks each row of {@code batch} against its document, found by its first id: the ids cut to
     * the row, then padding; the mask; the label. Returns the documents of the rows.
     */
    private List<Integer> assertRows(Batch batch) {
        long[] ids = batch.getData().get(0).toLongArray();
        long[] mask = batch.getData().get(1).toLongArray();
        long[] labels = batch.getLabels().singletonOrThrow().toLongArray();
        int length = ids.length / batch.getSize();
        List<Integer> rows = new ArrayList<>();
        for (int row = 0; row < batch.getSize(); row++) {
            int document = (int) ids[row * length] - 2;
            List<Long> expected = TextCorpus.ids(documents.get(document));
            for (int j = 0; j < length; j++) {
                boolean token = j < expected.size();
                assertEquals(
                        token ? expected.get(j) : TextCorpus.END_OF_TEXT, ids[row * length + j]);
                assertEquals(token ? 1 : 0, mask[row * length + j]);
            }
            assertEquals(document % 3, labels[row]);
            rows.add(document);
        }
        return rows;
    }

    /** The documents of a batch's rows, in row order, and the rows' length. */
    private record Rows(List<Integer> documents, long width) {}

    /** Reads an epoch, checking each row against its document. */
    private List<Rows> epoch(boolean toLongest) throws Exception {
        List<Rows> batches = new ArrayList<>();
        try (PackedDataset dataset = builder(toLongest).build();
                NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(manager)) {
                try (batch) {
                    long width = batch.getData().get(0).getShape().get(1);
                    batches.add(new Rows(assertRows(batch), width));
                }
            }
        }
        return batches;
    }

    private PackedDataset.Builder builder(Boolean toLongest) throws Exception {
        var texts =
                JsonLinesSource.builder()
                        .setLocation(dir.resolve("train.jsonl").toString())
                        .buildSamples(SampleDecoder.text("text", "label"));
        PackedDataset.Builder builder =
                PackedDataset.builder()
                        .setDocuments(
                                ConcurrentDataset.builder()
                                        .setSource(texts)
                                        .setSampling(BATCH, true)
                                        .optSeed(2))
                        .setTokenizer(tokenizer.toString())
                        .setSequenceLength(SEQ_LEN);
        return toLongest == null ? builder : builder.optPadded(toLongest);
    }
}
