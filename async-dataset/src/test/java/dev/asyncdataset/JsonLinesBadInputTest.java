package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.jsonl.JsonLinesSource;
import dev.asyncdataset.testing.TextCorpus;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A bad JSON Lines record (an empty or non-UTF-8 document, a missing field, a line that is not
 * JSON), first, in the middle or last of the first, middle or last of three files (plain, gzip,
 * Zstandard), fails the packed epoch naming its file and line, or is skipped and counted; a file
 * that does not decompress is named and its records left out.
 */
class JsonLinesBadInputTest {

    private static final List<String> NAMES = List.of("a.jsonl", "b.jsonl.gz", "c.jsonl.zst");
    private static final int LINES = 7;

    @TempDir Path dir;

    /** A bad record and the words its error gives. */
    enum Bad {
        EMPTY("{\"text\": \"\"}", "empty document"),
        NOT_UTF8("{\"text\": \"w1 caf\u00e9\"}", "not UTF-8 text"),
        MISSING_FIELD("{\"body\": \"w1 w2\"}", "missing part 'text'"),
        NOT_JSON("{\"text\": \"w1 w2\"", "not a JSON object");

        final String line;
        final String reason;

        Bad(String line, String reason) {
            this.line = line;
            this.reason = reason;
        }

        byte[] bytes() {
            return line.getBytes(
                    this == NOT_UTF8 ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
        }
    }

    /** Each bad record at the first, middle and last line of the first, middle and last file. */
    static Stream<Arguments> positions() {
        List<Arguments> cases = new ArrayList<>();
        for (Bad bad : Bad.values()) {
            for (int file = 0; file < NAMES.size(); file++) {
                for (int line : new int[] {0, LINES / 2, LINES - 1}) {
                    cases.add(Arguments.of(bad, file, line));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} in file {1} at line index {2}")
    @MethodSource("positions")
    void aBadRecordIsNamedByFileAndLineOrSkippedAndCounted(Bad bad, int file, int line)
            throws Exception {
        writeFiles(file, line, bad.bytes());
        Path tokenizer = dir.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
        try (NDManager manager = NDManager.newBaseManager()) {
            try (PackedDataset failing = packed(tokenizer, BadItemPolicy.FAIL)) {
                var e = assertThrows(DataLoadingException.class, () -> drain(failing, manager));
                String where = dir.resolve(NAMES.get(file)) + " line " + (line + 1);
                assertTrue(e.getMessage().contains(where), e.getMessage());
                assertTrue(e.getMessage().contains(bad.reason), e.getMessage());
            }
            try (PackedDataset skipping = packed(tokenizer, BadItemPolicy.SKIP)) {
                drain(skipping, manager);
                assertEquals(1, skipping.getDocuments().stats().skippedItems());
                assertEquals(NAMES.size() * LINES - 1, skipping.getDocuments().stats().items());
            }
        }
    }

    @Test
    void aFileThatDoesNotDecompressIsNamedAndItsRecordsLeftOut() throws Exception {
        writeFiles(0, 0, TextCorpus.record("w1"));
        Files.write(dir.resolve(NAMES.get(1)), "not gzip".getBytes(StandardCharsets.UTF_8));
        try (ItemSource<Sample> source =
                JsonLinesSource.builder()
                        .setLocation(dir + "/")
                        .buildSamples(SampleDecoder.text("text"))) {
            assertEquals(1, source.damaged().size());
            String message = source.damaged().get(0).getMessage();
            assertTrue(message.contains(dir.resolve(NAMES.get(1)).toString()), message);
            assertEquals(2 * LINES, source.size());
        }
    }

    /** Writes the files, record {@code line} of file {@code file} being {@code bad}. */
    private void writeFiles(int file, int line, byte[] bad) throws Exception {
        List<String> documents = TextCorpus.documents(NAMES.size() * LINES, 12, file * 31 + line);
        for (int f = 0; f < NAMES.size(); f++) {
            List<byte[]> lines = new ArrayList<>();
            for (int l = 0; l < LINES; l++) {
                boolean isBad = f == file && l == line;
                lines.add(isBad ? bad : TextCorpus.record(documents.get(f * LINES + l)));
            }
            Files.write(dir.resolve(NAMES.get(f)), TextCorpus.jsonLines(NAMES.get(f), lines));
        }
    }

    private PackedDataset packed(Path tokenizer, BadItemPolicy policy) throws Exception {
        var texts =
                JsonLinesSource.builder()
                        .setLocation(dir + "/")
                        .buildSamples(SampleDecoder.text("text"));
        return PackedDataset.builder()
                .setDocuments(
                        ConcurrentDataset.builder()
                                .setSource(texts)
                                .setSampling(4, true)
                                .optSeed(1)
                                .optBadItemPolicy(policy))
                .setTokenizer(tokenizer.toString())
                .setSequenceLength(7)
                .setBatchSize(2)
                .build();
    }

    private static void drain(PackedDataset dataset, NDManager manager) throws Exception {
        for (Batch batch : dataset.getData(manager)) {
            batch.close();
        }
    }
}
