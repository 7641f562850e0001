package dev.asyncdataset.examples.text;

import dev.asyncdataset.examples.Options;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.StringJoiner;
import java.util.stream.IntStream;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * A generated text set a small language model can learn: documents of words {@code t0} to {@code
 * t<WORDS-1>} where each word is mostly followed by the next one (a Markov chain), written as
 * Parquet with a {@code text} string column (Zstd pages, as the Hub's converted sets), and the
 * word-level {@code tokenizer.json} that reads them ({@code <|endoftext|>} is id 0, {@code [UNK]}
 * 1, {@code t<k>} is {@code k + 2}).
 */
public final class TextLmData {

    /** The words of the text. */
    public static final int WORDS = 64;

    /** The tokenizer's vocabulary: the words, the end-of-text token and the unknown token. */
    public static final int VOCABULARY = WORDS + 2;

    private static final MessageType TEXT =
            Types.buildMessage()
                    .required(PrimitiveTypeName.BINARY)
                    .as(LogicalTypeAnnotation.stringType())
                    .named("text")
                    .named("schema");

    private TextLmData() {}

    /**
     * Writes the text set.
     *
     * @param args {@code --out DIR --files N --rows N --seed N}
     * @throws IOException if a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        Options options =
                Options.parse(
                        args, Options.defaults("--out data/text-lm --files 4 --rows 500 --seed 1"));
        write(
                Path.of(options.text("out")),
                options.integer("files"),
                options.integer("rows"),
                options.integer("seed"));
    }

    /**
     * Writes {@code files} files of {@code rows} documents each, {@code data-<n>.parquet}, and
     * {@code tokenizer.json} into {@code dir}; the same seed writes the same files.
     *
     * @param dir the folder, created if needed
     * @param files the files
     * @param rows the documents of each file
     * @param seed the seed of the text
     * @throws IOException if a file cannot be written
     */
    public static void write(Path dir, int files, int rows, long seed) throws IOException {
        Files.createDirectories(dir);
        Random random = new Random(seed);
        for (int n = 0; n < files; n++) {
            Path file = dir.resolve("data-%05d.parquet".formatted(n));
            Files.deleteIfExists(file);
            SimpleGroupFactory groups = new SimpleGroupFactory(TEXT);
            try (ParquetWriter<Group> writer =
                    ExampleParquetWriter.builder(new LocalOutputFile(file))
                            .withType(TEXT)
                            .withCompressionCodec(CompressionCodecName.ZSTD)
                            .build()) {
                for (int row = 0; row < rows; row++) {
                    writer.write(groups.newGroup().append("text", document(random)));
                }
            }
        }
        Files.writeString(dir.resolve("tokenizer.json"), tokenizer());
    }

    private static String document(Random random) {
        StringBuilder text = new StringBuilder();
        int word = random.nextInt(WORDS);
        for (int n = 20 + random.nextInt(200); n > 0; n--) {
            text.append('t').append(word).append(n > 1 ? " " : "");
            word = random.nextInt(10) < 9 ? (word + 1) % WORDS : random.nextInt(WORDS);
        }
        return text.toString();
    }

    /** The word-level tokenizer: the words split at white space, each its own token. */
    private static String tokenizer() {
        StringJoiner vocab = new StringJoiner(", ", "{\"<|endoftext|>\": 0, \"[UNK]\": 1, ", "}");
        IntStream.range(0, WORDS).forEach(k -> vocab.add("\"t" + k + "\": " + (k + 2)));
        return "{\"version\": \"1.0\", \"pre_tokenizer\": {\"type\": \"WhitespaceSplit\"},"
                + " \"model\": {\"type\": \"WordLevel\", \"unk_token\": \"[UNK]\", \"vocab\": "
                + vocab
                + "}}";
    }
}
