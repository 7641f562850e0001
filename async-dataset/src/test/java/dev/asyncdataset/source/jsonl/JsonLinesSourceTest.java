package dev.asyncdataset.source.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import com.google.gson.JsonObject;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.PackedDataset;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.testing.HidingLoader;
import dev.asyncdataset.testing.MemoryStoreProvider;
import dev.asyncdataset.testing.TextCorpus;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON Lines files, plain, gzip and Zstandard, from a folder and from a registered store: every
 * record's field packed once; each record read by random access is the line it names; a Zstandard
 * file without zstd-jni names the dependency to add.
 */
class JsonLinesSourceTest {

    /** The files' names: a plain one, a gzip one, a Zstandard one and a plain {@code .json}. */
    static final List<String> NAMES = List.of("a.jsonl", "b.jsonl.gz", "c.jsonl.zst", "d.json");

    @TempDir Path dir;
    @TempDir Path files;

    private List<String> documents;
    private Path tokenizer;

    @BeforeEach
    void writeFiles() throws IOException {
        documents = TextCorpus.documents(90, 50, 4);
        for (int f = 0; f < NAMES.size(); f++) {
            List<String> part = documents.subList(Math.min(90, f * 30), Math.min(90, f * 30 + 30));
            Files.write(dir.resolve(NAMES.get(f)), TextCorpus.jsonLines(NAMES.get(f), lines(part)));
            MemoryStoreProvider.OBJECTS.put(
                    MemoryStoreProvider.SCHEME + "://jsonl/" + NAMES.get(f),
                    Files.readAllBytes(dir.resolve(NAMES.get(f))));
        }
        Files.writeString(dir.resolve("README.txt"), "not a record");
        tokenizer = files.resolve("tokenizer.json");
        TextCorpus.writeTokenizer(tokenizer);
    }

    @Test
    void everyRecordOfPlainGzipAndZstdFilesInAFolderIsPackedOnce() throws Exception {
        assertEveryRecordPackedOnce(dir + "/");
    }

    @Test
    void everyRecordOfARegisteredStoreIsPackedOnce() throws Exception {
        assertEveryRecordPackedOnce(MemoryStoreProvider.SCHEME + "://jsonl/");
    }

    @Test
    void aRecordReadByRandomAccessIsTheLineItsKeyNames() throws Exception {
        try (ItemSource<Sample> source =
                        JsonLinesSource.builder()
                                .setLocation(dir + "/")
                                .buildSamples(SampleDecoder.text("text"));
                NDManager manager = NDManager.newBaseManager()) {
            assertEquals(
                    documents.size(),
                    source.size(),
                    "blank lines hold no record, and a folder leaves d.json out");
            for (long i = 0; i < source.size(); i++) {
                Sample sample = source.fetch(manager, i);
                String key = sample.key();
                int file = NAMES.indexOf(key.substring(key.lastIndexOf('/') + 1, key.indexOf(' ')));
                int line = Integer.parseInt(key.substring(key.lastIndexOf(' ') + 1));
                int document = file * 30 + (line - 1) / 2;
                assertEquals(documents.get(document), Parts.text(sample, "text"), key);
                assertEquals(String.valueOf(document), Parts.text(sample, "id"), key);
            }
        }
    }

    @Test
    void aZstdFileWithoutZstdJniSaysWhichDependencyToAdd() throws Exception {
        ClassLoader withoutZstd = new HidingLoader(List.of("com.github.luben."));
        Object decoder =
                Class.forName(SampleDecoder.class.getName(), true, withoutZstd)
                        .getMethod("text", String.class)
                        .invoke(null, "text");
        Object builder =
                Class.forName(JsonLinesSource.class.getName(), true, withoutZstd)
                        .getMethod("builder")
                        .invoke(null);
        Class<?> type = builder.getClass();
        type.getMethod("setLocation", String.class)
                .invoke(builder, dir.resolve("c.jsonl.zst").toString());
        InvocationTargetException e =
                assertThrows(
                        InvocationTargetException.class,
                        () ->
                                type.getMethod(
                                                "buildSamples",
                                                decoder.getClass().getInterfaces()[0])
                                        .invoke(builder, decoder));
        IllegalStateException missing = assertInstanceOf(IllegalStateException.class, e.getCause());
        assertTrue(
                missing.getMessage().contains("com.github.luben:zstd-jni"), missing.getMessage());
    }

    private void assertEveryRecordPackedOnce(String location) throws Exception {
        ItemSource<Sample> texts =
                JsonLinesSource.builder()
                        .setLocation(location)
                        .buildSamples(SampleDecoder.text("text"));
        List<List<Long>> written = documents.stream().map(TextCorpus::ids).toList();
        try (PackedDataset dataset =
                        PackedDataset.builder()
                                .setDocuments(
                                        ConcurrentDataset.builder()
                                                .setSource(texts)
                                                .setSampling(8, true)
                                                .optSeed(3))
                                .setTokenizer(tokenizer.toString())
                                .setSequenceLength(31)
                                .setBatchSize(2)
                                .build();
                NDManager manager = NDManager.newBaseManager()) {
            List<Long> stream = TextCorpus.tokens(dataset.getData(manager));
            List<List<Long>> delivered = TextCorpus.split(stream);
            assertEquals(List.of(), TextCorpus.difference(written, delivered), "delivered twice");
            List<List<Long>> left = TextCorpus.difference(delivered, written);
            assertTrue(left.size() <= 1, "records not packed: " + left.size());
            int longest = written.stream().mapToInt(List::size).max().orElseThrow();
            assertTrue(longest > 32, "a record longer than a window, split: " + longest);
        }
    }

    /** Each document as a record line, after a blank line, which holds no record. */
    private List<byte[]> lines(List<String> part) {
        List<byte[]> lines = new ArrayList<>();
        for (String document : part) {
            JsonObject record = new JsonObject();
            record.addProperty("id", documents.indexOf(document));
            record.addProperty("text", document);
            record.add("meta", new JsonObject());
            lines.add(" ".getBytes(StandardCharsets.UTF_8));
            lines.add(record.toString().getBytes(StandardCharsets.UTF_8));
        }
        return lines;
    }
}
