package dev.asyncdataset.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.training.dataset.Batch;
import com.github.luben.zstd.ZstdOutputStream;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.asyncdataset.writer.ShardWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;

/**
 * Text documents for tests and the word-level {@code tokenizer.json} that reads them: word {@code
 * w<k>} is token id {@code k + 2}, {@code <|endoftext|>} is 0 and {@code [UNK]} 1. Document {@code
 * i} starts with word {@code w<i>}, so every document is distinct.
 */
public final class TextCorpus {

    /** The end-of-text id. */
    public static final long END_OF_TEXT = 0;

    /** The words the tokenizer knows. */
    public static final int WORDS = 1000;

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private TextCorpus() {}

    /** Writes the word-level tokenizer to {@code file}. */
    public static void writeTokenizer(Path file) throws IOException {
        JsonObject vocab = new JsonObject();
        vocab.addProperty("<|endoftext|>", 0);
        vocab.addProperty("[UNK]", 1);
        for (int k = 0; k < WORDS; k++) {
            vocab.addProperty("w" + k, k + 2);
        }
        JsonObject model = new JsonObject();
        model.addProperty("type", "WordLevel");
        model.add("vocab", vocab);
        model.addProperty("unk_token", "[UNK]");
        JsonArray added = new JsonArray();
        added.add(special(0, "<|endoftext|>"));
        added.add(special(1, "[UNK]"));
        JsonObject preTokenizer = new JsonObject();
        preTokenizer.addProperty("type", "WhitespaceSplit");
        JsonObject tokenizer = new JsonObject();
        tokenizer.addProperty("version", "1.0");
        tokenizer.add("added_tokens", added);
        tokenizer.add("pre_tokenizer", preTokenizer);
        tokenizer.add("model", model);
        Files.writeString(file, tokenizer.toString());
    }

    private static JsonObject special(int id, String content) {
        JsonObject token = new JsonObject();
        token.addProperty("id", id);
        token.addProperty("content", content);
        token.addProperty("single_word", false);
        token.addProperty("lstrip", false);
        token.addProperty("rstrip", false);
        token.addProperty("normalized", false);
        token.addProperty("special", true);
        return token;
    }

    /**
     * Returns {@code count} documents of 1 to {@code maxWords} words drawn with {@code seed}, the
     * first of them {@code w<i>}.
     */
    public static List<String> documents(int count, int maxWords, long seed) {
        Random random = new Random(seed);
        List<String> documents = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StringBuilder text = new StringBuilder("w" + i);
            int words = 1 + random.nextInt(maxWords);
            for (int w = 1; w < words; w++) {
                text.append(random.nextBoolean() ? " " : "\n")
                        .append('w')
                        .append(random.nextInt(WORDS));
            }
            documents.add(text.toString());
        }
        return documents;
    }

    /** Returns the ids the tokenizer gives {@code document}, without the end-of-text id. */
    public static List<Long> ids(String document) {
        return WHITESPACE
                .splitAsStream(document)
                .map(word -> Long.parseLong(word.substring(1)) + 2)
                .toList();
    }

    /**
     * Writes {@code documents} as {@code txt} parts of samples {@code docs/<iiiiii>} into tar
     * shards of about {@code shardBytes} under {@code shards}, through loose files under {@code
     * loose}.
     */
    public static void writeShards(List<byte[]> documents, Path loose, Path shards, long shardBytes)
            throws IOException {
        Path folder = Files.createDirectories(loose.resolve("docs"));
        for (int i = 0; i < documents.size(); i++) {
            Files.write(folder.resolve(String.format("%06d.txt", i)), documents.get(i));
        }
        ShardWriter.builder()
                .setLocation(loose.toString())
                .optSamples()
                .setOutput(shards.toString())
                .optShardBytes(shardBytes)
                .optKeepOrder()
                .build()
                .write();
    }

    /** Returns the lines as the JSON Lines file {@code name} holds them, compressed as it ends. */
    public static byte[] jsonLines(String name, List<byte[]> lines) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out =
                name.endsWith(".gz")
                        ? new GZIPOutputStream(bytes)
                        : name.endsWith(".zst") ? new ZstdOutputStream(bytes) : bytes) {
            for (byte[] line : lines) {
                out.write(line);
                out.write('\n');
            }
        }
        return bytes.toByteArray();
    }

    /** Returns the record {@code {"text": document}} as a line. */
    public static byte[] record(String document) {
        JsonObject record = new JsonObject();
        record.addProperty("text", document);
        return record.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Writes the tokenizer to {@code file} with {@code unknown} as its model's unknown token. */
    public static void writeTokenizer(Path file, String unknown) throws IOException {
        writeTokenizer(file);
        JsonObject tokenizer = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        tokenizer.getAsJsonObject("model").addProperty("unk_token", unknown);
        Files.writeString(file, tokenizer.toString());
    }

    /** Returns the complete documents of a token stream: the runs each end-of-text id ends. */
    public static List<List<Long>> split(List<Long> stream) {
        List<List<Long>> documents = new ArrayList<>();
        List<Long> document = new ArrayList<>();
        for (long id : stream) {
            if (id == END_OF_TEXT) {
                documents.add(document);
                document = new ArrayList<>();
            } else {
                document.add(id);
            }
        }
        return documents;
    }

    /** Returns the documents of {@code all} left when each of {@code taken} is taken out once. */
    public static List<List<Long>> difference(List<List<Long>> taken, List<List<Long>> all) {
        List<List<Long>> left = new ArrayList<>(all);
        taken.forEach(left::remove);
        return left;
    }

    /**
     * Returns the windows of a packed batch, each its input row and the last label, after checking
     * that each label row is its input row shifted by one.
     */
    public static List<long[]> windows(Batch batch) {
        long[] inputs = batch.getData().singletonOrThrow().toLongArray();
        long[] labels = batch.getLabels().singletonOrThrow().toLongArray();
        int seqLen = inputs.length / batch.getSize();
        List<long[]> windows = new ArrayList<>();
        for (int row = 0; row < batch.getSize(); row++) {
            long[] window = new long[seqLen + 1];
            System.arraycopy(inputs, row * seqLen, window, 0, seqLen);
            window[seqLen] = labels[row * seqLen + seqLen - 1];
            for (int j = 0; j < seqLen; j++) {
                assertEquals(window[j + 1], labels[row * seqLen + j], "label shifted by one");
            }
            windows.add(window);
        }
        return windows;
    }

    /** Returns the tokens of a packed epoch's windows one after the other, closing each batch. */
    public static List<Long> tokens(Iterable<Batch> epoch) {
        List<long[]> windows = new ArrayList<>();
        for (Batch batch : epoch) {
            try (batch) {
                windows.addAll(windows(batch));
            }
        }
        return stream(windows);
    }

    /** Returns the tokens of {@code windows} one after the other. */
    public static List<Long> stream(List<long[]> windows) {
        List<Long> stream = new ArrayList<>();
        for (long[] window : windows) {
            for (long id : window) {
                stream.add(id);
            }
        }
        return stream;
    }
}
