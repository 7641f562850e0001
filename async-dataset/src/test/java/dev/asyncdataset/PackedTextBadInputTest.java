package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.TextCorpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad text input is named, never lost silently: an empty or non-UTF-8 document first, in the middle
 * or last fails the epoch naming its shard and member, or is skipped and counted; a tokenizer that
 * does not parse, lacks the end-of-text token, or whose unknown token is not in its vocabulary
 * (which would crash the native tokenizer) is named by its file.
 */
class PackedTextBadInputTest {

    private static final int COUNT = 12;

    @TempDir Path loose;
    @TempDir Path shards;
    @TempDir Path files;

    @ParameterizedTest
    @ValueSource(ints = {0, COUNT / 2, COUNT - 1})
    void anEmptyDocumentIsNamedOrSkippedAndCounted(int position) throws Exception {
        assertBadDocumentNamedOrSkipped(position, new byte[0], "empty document");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, COUNT / 2, COUNT - 1})
    void aDocumentThatIsNotUtf8IsNamedOrSkippedAndCounted(int position) throws Exception {
        byte[] latin1 = "w1 caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        assertBadDocumentNamedOrSkipped(position, latin1, "not UTF-8");
    }

    @Test
    void aTokenizerThatDoesNotParseIsNamedByItsFile() throws Exception {
        Path tokenizer = Files.writeString(files.resolve("tokenizer.json"), "{\"model\": [}");
        var e =
                assertThrows(
                        IllegalArgumentException.class, () -> build(tokenizer, "<|endoftext|>"));
        assertTrue(e.getMessage().contains(tokenizer + " does not parse"), e.getMessage());
    }

    @Test
    void aTokenizerWithoutTheEndOfTextTokenIsNamedByItsFile() throws Exception {
        Path tokenizer = files.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
        var e = assertThrows(IllegalArgumentException.class, () -> build(tokenizer, "</s>"));
        assertTrue(
                e.getMessage().contains(tokenizer + " has no end-of-text token </s>"),
                e.getMessage());
    }

    @Test
    void aTokenizerWhoseUnknownTokenIsNotInItsVocabularyIsRefusedNamingItsFile() throws Exception {
        Path tokenizer = files.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer, "<unk>");
        var e =
                assertThrows(
                        IllegalArgumentException.class, () -> build(tokenizer, "<|endoftext|>"));
        assertTrue(
                e.getMessage().contains(tokenizer + ": its unknown token <unk>"), e.getMessage());
    }

    private void assertBadDocumentNamedOrSkipped(int position, byte[] bad, String reason)
            throws Exception {
        List<byte[]> documents = new ArrayList<>();
        TextCorpus.documents(COUNT, 20, position)
                .forEach(d -> documents.add(d.getBytes(StandardCharsets.UTF_8)));
        documents.set(position, bad);
        TextCorpus.writeShards(documents, loose, shards, 1_000);
        Path tokenizer = files.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
        String member = String.format("docs/%06d.txt", position);
        try (NDManager manager = NDManager.newBaseManager()) {
            try (PackedDataset failing = build(tokenizer, BadItemPolicy.FAIL)) {
                var e = assertThrows(DataLoadingException.class, () -> drain(failing, manager));
                assertTrue(e.getMessage().contains(member), e.getMessage());
                assertTrue(e.getMessage().contains(".tar"), e.getMessage());
                assertTrue(e.getMessage().contains(reason), e.getMessage());
            }
            try (PackedDataset skipping = build(tokenizer, BadItemPolicy.SKIP)) {
                drain(skipping, manager);
                assertEquals(1, skipping.getDocuments().stats().skippedItems());
                assertEquals(COUNT - 1, skipping.getDocuments().stats().items());
            }
        }
    }

    private PackedDataset build(Path tokenizer, String endOfText) throws Exception {
        List<byte[]> documents = List.of("w1 w2".getBytes(StandardCharsets.UTF_8));
        TextCorpus.writeShards(documents, loose, shards, 1_000);
        return builder(tokenizer, BadItemPolicy.FAIL).optEndOfText(endOfText).build();
    }

    private PackedDataset build(Path tokenizer, BadItemPolicy policy) throws Exception {
        return builder(tokenizer, policy).build();
    }

    private PackedDataset.Builder builder(Path tokenizer, BadItemPolicy policy) throws Exception {
        var texts =
                TarShardSource.builder()
                        .setLocation(shards.toString())
                        .buildSamples(SampleDecoder.text("txt"));
        return PackedDataset.builder()
                .setDocuments(
                        ConcurrentDataset.builder()
                                .setSource(texts)
                                .setSampling(3, false)
                                .optBadItemPolicy(policy))
                .setTokenizer(tokenizer.toString())
                .setSequenceLength(7)
                .setBatchSize(2);
    }

    private static void drain(PackedDataset dataset, NDManager manager) throws Exception {
        for (Batch batch : dataset.getData(manager)) {
            batch.close();
        }
    }
}
