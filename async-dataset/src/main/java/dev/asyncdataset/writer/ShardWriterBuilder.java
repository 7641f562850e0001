package dev.asyncdataset.writer;

import dev.asyncdataset.decode.ImageResize;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.internal.store.file.FileStore;
import dev.asyncdataset.store.StoreOptions;
import java.nio.file.Files;
import java.util.Objects;

/** Settings of a {@link ShardWriter}, each checked as it is set. */
public final class ShardWriterBuilder {

    /** The smallest part S3 accepts in a multipart upload (all but the last part): 5 MiB. */
    public static final int MIN_PART_BYTES = 5 << 20;

    /** The JPEG quality of re-encoded images unless {@link #optJpegQuality} sets it: 90. */
    public static final int DEFAULT_JPEG_QUALITY = 90;

    String input;
    String manifest;
    boolean samples;
    String output;
    StoreOptions store = StoreOptions.builder().build();
    long shardBytes = ShardWriter.DEFAULT_SHARD_BYTES;
    int partBytes = 8 << 20;
    int fetchers = 32;
    String prefix = "shard";
    long seed;
    boolean keepOrder;
    int maxSide;
    int jpegQuality;

    ShardWriterBuilder() {}

    /**
     * Sets where the input is: a folder or a prefix of any store that lists ({@code s3://}, {@code
     * az://}, {@code hf://}, a provider's scheme), holding labeled images in class folders ({@code
     * <class>/<file>}, or listed by {@link #optManifest}) or, with {@link #optSamples}, loose
     * sample files; this is required by {@link ShardWriter#write()}.
     *
     * @param location the input's location
     * @return this builder
     * @throws IllegalArgumentException if {@code location} is empty, no store has its scheme, or it
     *     is a local path that is not a directory
     */
    public ShardWriterBuilder setLocation(String location) {
        if (Objects.requireNonNull(location, "location").isEmpty()) {
            throw new IllegalArgumentException("empty location");
        }
        StoreTable.of(location);
        if (Locations.isLocal(location) && !Files.isDirectory(FileStore.path(location))) {
            throw new IllegalArgumentException("input " + location + " is not a directory");
        }
        this.input = location;
        return this;
    }

    /**
     * Lists the input images from a manifest instead of the class folders: CSV {@code key,label} or
     * JSON lines, keys relative to the input location; a local file or an object of the input's
     * store.
     *
     * @param location the manifest's path or URL
     * @return this builder
     */
    public ShardWriterBuilder optManifest(String location) {
        if (Objects.requireNonNull(location, "location").isEmpty()) {
            throw new IllegalArgumentException("empty manifest location");
        }
        this.manifest = location;
        return this;
    }

    /**
     * Reads the input as loose sample files instead of labeled images: the files sharing a path up
     * to the first dot of their base name form one sample ({@code train/000123.jpg} and {@code
     * train/000123.json}: sample {@code train/000123}, written as members {@code train/000123.jpg}
     * and {@code train/000123.json}). No classes file is written.
     *
     * @return this builder
     */
    public ShardWriterBuilder optSamples() {
        this.samples = true;
        return this;
    }

    /**
     * Sets where the shards are written: a folder, created if missing, or a prefix of any store
     * that writes ({@link dev.asyncdataset.store.WritableStore}: {@code s3://} as multipart
     * uploads, {@code az://}, a provider's); {@link ShardWriter#write()} refuses a store that
     * cannot write, naming it.
     *
     * @param output the output's location
     * @return this builder
     * @throws IllegalArgumentException if {@code output} is empty or no store has its scheme
     */
    public ShardWriterBuilder setOutput(String output) {
        if (Objects.requireNonNull(output, "output").isEmpty()) {
            throw new IllegalArgumentException("empty output");
        }
        StoreTable.of(output);
        this.output = output;
        return this;
    }

    /**
     * Reads and writes with {@code options}: attempts, retry budget, timeouts, largest object read,
     * authorization and each store's own settings. Default: {@code StoreOptions.builder().build()}.
     *
     * @param options the store options
     * @return this builder
     */
    public ShardWriterBuilder optStore(StoreOptions options) {
        this.store = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Sets the size a shard is closed at, in bytes; default {@link
     * ShardWriter#DEFAULT_SHARD_BYTES}. A shard always holds at least one sample.
     *
     * @param shardBytes the target size, positive
     * @return this builder
     * @throws IllegalArgumentException if {@code shardBytes} is not positive
     */
    public ShardWriterBuilder optShardBytes(long shardBytes) {
        if (shardBytes <= 0) {
            throw new IllegalArgumentException("shardBytes must be positive: " + shardBytes);
        }
        this.shardBytes = shardBytes;
        return this;
    }

    /**
     * Sets the part size of the multipart uploads of shards to S3, the memory one shard takes while
     * it is written; default 8 MiB.
     *
     * @param partBytes from {@link #MIN_PART_BYTES} to 1 GiB
     * @return this builder
     * @throws IllegalArgumentException if {@code partBytes} is out of that range
     */
    public ShardWriterBuilder optPartBytes(int partBytes) {
        if (partBytes < MIN_PART_BYTES || partBytes > 1 << 30) {
            throw new IllegalArgumentException("partBytes not in [5 MiB, 1 GiB]: " + partBytes);
        }
        this.partBytes = partBytes;
        return this;
    }

    /**
     * Sets how many images are read at once (and so held in memory at most, besides the shard being
     * written), to overlap the latency of S3 GETs; default 32.
     *
     * @param fetchers at least 1
     * @return this builder
     * @throws IllegalArgumentException if {@code fetchers} is below 1
     */
    public ShardWriterBuilder optFetchers(int fetchers) {
        if (fetchers < 1) {
            throw new IllegalArgumentException("fetchers < 1: " + fetchers);
        }
        this.fetchers = fetchers;
        return this;
    }

    /**
     * Sets the shard name prefix; default {@code shard}, giving {@code shard-000000.tar}.
     *
     * @param prefix letters, digits, {@code -}, {@code _} or {@code .}
     * @return this builder
     * @throws IllegalArgumentException if {@code prefix} is empty or has other characters
     */
    public ShardWriterBuilder optPrefix(String prefix) {
        if (prefix == null || !prefix.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("prefix must match [A-Za-z0-9._-]+: " + prefix);
        }
        this.prefix = prefix;
        return this;
    }

    /**
     * Sets the seed of the order the samples are written in; default 0. Samples are written in a
     * permutation of the input's order, so that every shard holds a mix of classes: a reader that
     * shuffles within windows of a few shards then mixes classes in a batch as well as a full
     * permutation does (docs/storage.md, "Shards: shuffle quality"). The same seed and input give
     * the same shards, so a rerun rewrites them unchanged.
     *
     * @param seed the seed of the permutation
     * @return this builder
     */
    public ShardWriterBuilder optSeed(long seed) {
        this.seed = seed;
        return this;
    }

    /**
     * Writes the samples in the input's order (class by class) instead of a permutation of it.
     *
     * @return this builder
     */
    public ShardWriterBuilder optKeepOrder() {
        this.keepOrder = true;
        return this;
    }

    /**
     * Stores images smaller, FFCV style: a JPEG part ({@code jpg}, {@code jpeg}) whose longest side
     * is above {@code maxSide} is re-encoded to that longest side (aspect ratio kept) at {@link
     * #optJpegQuality}; one already that small is stored byte for byte; other parts as they come.
     * The index records both settings. Typical: 256 to 512 for ImageNet at 224 (docs/storage.md,
     * "Pre-sized shards"). Default: images stored as they come.
     *
     * @param maxSide the longest side in pixels, from {@link ImageResize#MIN_SIDE} to {@link
     *     ImageResize#MAX_SIDE}
     * @return this builder
     * @throws IllegalArgumentException if {@code maxSide} is out of that range
     */
    public ShardWriterBuilder optMaxSide(int maxSide) {
        new ImageResize(maxSide, DEFAULT_JPEG_QUALITY); // checks maxSide
        this.maxSide = maxSide;
        return this;
    }

    /**
     * Sets the JPEG quality of the images {@link #optMaxSide} re-encodes; default {@link
     * #DEFAULT_JPEG_QUALITY}.
     *
     * @param jpegQuality 1 to 100
     * @return this builder
     * @throws IllegalArgumentException if {@code jpegQuality} is out of that range
     */
    public ShardWriterBuilder optJpegQuality(int jpegQuality) {
        new ImageResize(ImageResize.MAX_SIDE, jpegQuality); // checks jpegQuality
        this.jpegQuality = jpegQuality;
        return this;
    }

    /** The re-encoding of images, or null to store them as they come. */
    ImageResize resize() {
        int quality = jpegQuality == 0 ? DEFAULT_JPEG_QUALITY : jpegQuality;
        return maxSide == 0 ? null : new ImageResize(maxSide, quality);
    }

    /**
     * Builds the writer.
     *
     * @return the writer
     * @throws IllegalStateException if the output is not set, or a JPEG quality without a maximum
     *     side
     */
    public ShardWriter build() {
        if (output == null) {
            throw new IllegalStateException("setOutput is required");
        }
        if (jpegQuality != 0 && maxSide == 0) {
            throw new IllegalStateException(
                    "optJpegQuality("
                            + jpegQuality
                            + ") needs optMaxSide: only resized images are"
                            + " re-encoded");
        }
        return new ShardWriter(this);
    }
}
