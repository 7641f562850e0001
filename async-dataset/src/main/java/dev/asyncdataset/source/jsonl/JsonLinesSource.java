package dev.asyncdataset.source.jsonl;

import dev.asyncdataset.internal.store.NamedFiles;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * JSON Lines files in any store, one record per line: plain ({@code .jsonl}, {@code .json}), gzip
 * ({@code .gz}) or Zstandard ({@code .zst}, with {@code com.github.luben:zstd-jni} added to the
 * build), as each file's name ends. Each record is a {@link Sample} whose parts are the fields of
 * its JSON object (a string as its UTF-8 bytes, any other value as its JSON text, a {@code null} as
 * no part), keyed by its file and line number, so that {@code SampleDecoder.text("text")} reads the
 * {@code text} field. Lines of nothing but whitespace are no record. Item {@code i} is the {@code
 * i}-th record in file order then line order.
 *
 * <p>Each file is a shard ({@link ShardedSource}), streamed as {@code TarShardSource}'s shards are:
 * each epoch reads every file whole once, decompressed into a buffer of the largest file's
 * decompressed length, in its shuffled order of files and windows, with the same ranks and resume.
 * Opening the source reads each file whole once, to find its lines. By random access ({@code
 * optRandomAccess()}, or a split) a record of an uncompressed file is one positioned read or one
 * ranged GET of its line; one of a compressed file reads and decompresses its whole file, so stream
 * compressed files.
 *
 * <p>Every request is retried within the store options' budget ({@link #optStore}) and counted in
 * {@code stats().retries()}; a file read whole from a remote store is checked against the store's
 * checksum (MD5 ETag or additional checksum) and read again when it fails. A file that cannot be
 * decompressed is left out when the source opens and kept in {@code damaged()} (failed or skipped
 * by the bad-item policy, as a damaged tar shard is). A line that is not UTF-8 or not one JSON
 * object, and a field the decoder asks for that is missing or bad, is a {@link
 * dev.asyncdataset.decode.BadItemException} naming the file and line number, so {@code
 * BadItemPolicy.SKIP} skips just that record.
 *
 * <pre>{@code
 * ItemSource<Sample> texts = JsonLinesSource.builder()
 *         .setLocation("s3://my-bucket/corpus/*.jsonl.zst")
 *         .buildSamples(SampleDecoder.text("text"));
 * }</pre>
 */
public final class JsonLinesSource {

    /** The names of the files of a folder. */
    private static final String FOLDER_GLOB = "*.jsonl*";

    private NamedFiles files;
    private StoreOptions store = StoreOptions.builder().build();

    private JsonLinesSource() {}

    /**
     * Creates a builder; {@link #setLocation} or {@link #setLocations} is required.
     *
     * @return a new builder
     */
    public static JsonLinesSource builder() {
        return new JsonLinesSource();
    }

    /**
     * Sets where the files are: one file, a brace pattern as the last segment ({@code
     * data/train-{00..09}.jsonl.gz}), a folder or prefix ending with {@code /} (its files whose
     * names hold {@code .jsonl}; a {@code .json} file is read when named, as a {@code
     * tokenizer.json} beside the data is not), or a glob as the last segment ({@code
     * s3://bucket/train/*.jsonl}), the last two where the store can list; in any store {@link
     * dev.asyncdataset.store.Stores} names.
     *
     * @param location the files' location
     * @return this builder
     */
    public JsonLinesSource setLocation(String location) {
        if (Objects.requireNonNull(location, "location").isEmpty()) {
            throw new IllegalArgumentException("empty location");
        }
        this.files = NamedFiles.parse(location, FOLDER_GLOB);
        return this;
    }

    /**
     * Sets the files to {@code locations}, in order, all in one store.
     *
     * @param locations the files' locations
     * @return this builder
     * @throws IllegalArgumentException if the list is empty or names files of two stores
     */
    public JsonLinesSource setLocations(List<String> locations) {
        this.files = NamedFiles.of(List.copyOf(locations), "JSON Lines");
        return this;
    }

    /**
     * Reads the files with {@code options}: attempts, retry budget, timeouts, authorization and
     * each store's own settings. Default: {@code StoreOptions.builder().build()}.
     *
     * @param options the store options
     * @return this builder
     */
    public JsonLinesSource optStore(StoreOptions options) {
        this.store = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Opens the files, reads each whole once to find its records, and returns them as samples, each
     * decoded by {@code decoder}.
     *
     * @param decoder turns each record into a DJL record, such as {@code
     *     SampleDecoder.text("text")}
     * @return the source
     * @throws IOException if the storage fails or a named file does not exist
     * @throws IllegalArgumentException if no file is found or the pattern is malformed
     * @throws IllegalStateException if no location was set, or a {@code .zst} file is named without
     *     zstd-jni on the class path
     */
    public ItemSource<Sample> buildSamples(SampleDecoder decoder) throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        if (files == null) {
            throw new IllegalStateException("setLocation or setLocations is required");
        }
        return new JsonLines(JsonFiles.open(files.open(StoreAccess.of(store))), decoder);
    }
}
