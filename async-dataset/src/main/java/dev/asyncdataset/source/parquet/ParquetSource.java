package dev.asyncdataset.source.parquet;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.store.NamedFiles;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * Image classification from Parquet files, each row an item: its encoded image from a binary column
 * or the Hugging Face Hub's {@code {bytes, path}} struct, its label from an integer column or a
 * string column looked up in the class list. This class is the source's builder ({@link
 * #builder()}): it builds labeled images ({@link #build}) or samples of chosen columns ({@link
 * ParquetSource#buildSamples}).
 *
 * <p>{@code ConcurrentDataset} streams this source by default, its row groups as the shards of
 * {@link dev.asyncdataset.source.ShardedSource}, each read whole once per epoch and its pages
 * decoded on the fetch stage.
 *
 * <p>Random access (the loader's {@code ConcurrentDataset.builder().optRandomAccess()}): the
 * footers are read once, when the source is built, with ranged reads, and kept. Fetching an item
 * reads the image page holding its row, where the image column's offset index allows
 * (docs/parquet.md says when), its row group's labels read with the first such page and kept for
 * the source's life (one long per row), else the image and label column chunks of its row group in
 * one ranged read of their span, and decodes their pages on the fetch stage. An epoch reads a page
 * once for all its fetches waiting on it and keeps, copied out, the page's images it has not
 * fetched yet, each taken out by its fetch, up to {@link #optCacheBytes}; fetches outside an epoch
 * keep whole decoded pages instead. Items are numbered file by file, row group by row group, row by
 * row; {@code describe} names an item's file, row group and row in the file.
 *
 * <p>Bad input: a file that is cut short, has a bad footer or lacks a mapped column is left out and
 * kept in {@code damaged()}; a row group whose pages cannot be read (a bad page CRC, a corrupt
 * page) makes each of its items a {@link BadItemException}, as do a null image or label, a label
 * not in the class list and an image that does not decode.
 */
public final class ParquetSource {

    /** The default bound of what random access keeps, in image bytes: 256 MiB. */
    public static final long DEFAULT_CACHE_BYTES = 256L << 20;

    private NamedFiles locations;
    private String imageColumn = "image";
    private String labelColumn = "label";
    private List<String> classes = List.of();
    private StoreOptions store = StoreOptions.builder().build();
    private long cacheBytes = DEFAULT_CACHE_BYTES;

    private ParquetSource() {}

    /**
     * Returns a builder of a Parquet source; {@link #setLocation} or {@link #setLocations} is
     * required.
     *
     * @return a new builder
     */
    public static ParquetSource builder() {
        return new ParquetSource();
    }

    /**
     * Sets where the files are: one {@code .parquet} file, a brace pattern as the last segment
     * ({@code https://host/data/train-{00000..00009}.parquet}), a prefix ending with {@code /}
     * whose {@code .parquet} files are read, or a glob as the last segment ({@code
     * s3://bucket/train/*.parquet}: {@code *} is any characters but {@code /}), the last two where
     * the store can list. They are read from the store {@link dev.asyncdataset.store.Stores} gives
     * the location's scheme: a local path or {@code file:} URL, {@code s3://}, {@code http://} and
     * {@code https://} (with {@code Range}), {@code az://}, {@code hf://} (a Hugging Face Hub
     * dataset, {@code hf://datasets/org/name@revision/path}), or a registered scheme.
     *
     * @param location the files' location
     * @return this builder
     */
    public ParquetSource setLocation(String location) {
        if (Objects.requireNonNull(location, "location").isEmpty()) {
            throw new IllegalArgumentException("empty location");
        }
        this.locations = NamedFiles.parse(location, ParquetStore.FOLDER_GLOB);
        return this;
    }

    /**
     * Sets the files to {@code locations}, in order, all in one store.
     *
     * @param locations the files' locations
     * @return this builder
     * @throws IllegalArgumentException if the list is empty or names files of two stores
     */
    public ParquetSource setLocations(List<String> locations) {
        this.locations = NamedFiles.of(List.copyOf(locations), "Parquet");
        return this;
    }

    /**
     * Sets the image column: binary, or a struct whose {@code bytes} field is binary. Default:
     * {@code image}.
     *
     * @param name the column's name
     * @return this builder
     */
    public ParquetSource optImageColumn(String name) {
        this.imageColumn = columnName(name);
        return this;
    }

    /**
     * Sets the label column: an integer, or a string looked up in {@link #optClasses}. Default:
     * {@code label}.
     *
     * @param name the column's name
     * @return this builder
     */
    public ParquetSource optLabelColumn(String name) {
        this.labelColumn = columnName(name);
        return this;
    }

    /**
     * Sets the class names: a string label is the position of its value in this list (required for
     * a string label column). Default: for the built source's {@code getClasses()}, the {@code
     * ClassLabel} names of the label column in the {@code huggingface} metadata of the files (a
     * Hugging Face dataset's), which every file must give alike; else, and to look string labels up
     * in, the lines of {@code classes.txt} beside the files, if there is one (as {@code
     * WriteParquet} of the examples writes it); else none.
     *
     * @param names the class names, distinct
     * @return this builder
     */
    public ParquetSource optClasses(List<String> names) {
        List<String> copy = List.copyOf(names);
        if (copy.size() != copy.stream().distinct().count()) {
            throw new IllegalArgumentException("class names repeat: " + copy);
        }
        this.classes = copy;
        return this;
    }

    /**
     * Reads the files with {@code options}: attempts, retry budget, timeouts (connect, first byte,
     * read idle, request), authorization and each store's own settings. Default: {@code
     * StoreOptions.builder().build()}.
     *
     * @param options the store options
     * @return this builder
     */
    public ParquetSource optStore(StoreOptions options) {
        this.store = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Bounds what random access keeps for the items fetched next, in image bytes: the images the
     * random-access epochs copied out of the pages they read, over all of them, and apart from
     * those the decoded pages that fetches outside an epoch read (the one read last kept whatever
     * its size). A streamed epoch keeps a row group only while its rows are in flight, whatever
     * this bound. Default: {@link #DEFAULT_CACHE_BYTES}.
     *
     * @param bytes the bound, at least 0
     * @return this builder
     */
    public ParquetSource optCacheBytes(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("cacheBytes < 0: " + bytes);
        }
        this.cacheBytes = bytes;
        return this;
    }

    /**
     * Reads every file's footer, with ranged reads, and finds the mapped columns in it. A file that
     * is cut short, has a bad footer or lacks a mapped column is left out and kept in {@code
     * damaged()}.
     *
     * @return the source
     * @throws IOException if the store fails, still failing to serve a file once the retries are
     *     spent (an outage, not damage), or no file can be read (the first file's error)
     * @throws IllegalStateException if no location was set
     * @throws IllegalArgumentException naming the file if the files' class names differ
     */
    public LabeledImageSource build() throws IOException {
        ShardStore store = store();
        List<String> names;
        try {
            names = classes.isEmpty() ? store.classes() : classes;
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
        ColumnMapping mapping = new ColumnMapping(imageColumn, labelColumn, names);
        RowGroupLabels.Kept labels = new RowGroupLabels.Kept(names);
        ParquetTable<RowGroupRows> table =
                ParquetTable.open(
                        store,
                        mapping::resolve,
                        rowGroup -> RowGroupRows.read(rowGroup, labels),
                        RowGroupRows::bytes,
                        cacheBytes,
                        true);
        try {
            List<String> hub = classes.isEmpty() ? table.hubClassNames(labelColumn) : List.of();
            return new ParquetImages(table, hub.isEmpty() ? names : hub);
        } catch (RuntimeException e) {
            table.close();
            throw e;
        }
    }

    /**
     * Reads every file's footer as {@link #build} does and opens the files as a source of samples:
     * the columns {@code columns} of each row become the parts of a {@link
     * dev.asyncdataset.sample.Sample}, each named after its column (binary and string values as
     * their bytes, a {@code {bytes, path}} struct as its bytes, numbers and booleans as decimal
     * text; a null value is a missing part), decoded by {@code decoder}. The image and label
     * columns and the class list are not used.
     *
     * @param columns the top-level columns to read, at least one
     * @param decoder turns each sample into a record
     * @return the source
     * @throws IOException if the store fails, or no file can be read (the first file's error)
     * @throws IllegalStateException if no location was set
     */
    public ItemSource<Sample> buildSamples(List<String> columns, SampleDecoder decoder)
            throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        List<String> names = List.copyOf(columns);
        if (names.isEmpty()) {
            throw new IllegalArgumentException("no column to read");
        }
        ParquetTable<RowGroupParts> table =
                ParquetTable.open(
                        store(),
                        schema -> RowGroupParts.leaves(schema, names),
                        rowGroup -> RowGroupParts.read(rowGroup, names),
                        RowGroupParts::bytes,
                        cacheBytes,
                        false);
        return new ParquetSamples(table, decoder);
    }

    private ShardStore store() throws IOException {
        if (locations == null) {
            throw new IllegalStateException("setLocation or setLocations is required");
        }
        return ParquetStore.open(locations, StoreAccess.of(store));
    }

    private static String columnName(String name) {
        if (Objects.requireNonNull(name, "name").isBlank()) {
            throw new IllegalArgumentException("blank column name");
        }
        return name;
    }
}
