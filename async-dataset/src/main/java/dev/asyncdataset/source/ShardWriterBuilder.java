package dev.asyncdataset.source;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/** Settings of a {@link ShardWriter}, each checked as it is set. */
public final class ShardWriterBuilder {

    Path images;
    Path output;
    long shardBytes = ShardWriter.DEFAULT_SHARD_BYTES;
    String prefix = "shard";
    long seed;
    boolean keepOrder;

    ShardWriterBuilder() {}

    /**
     * Sets the image folder to read, laid out as {@code root/<class>/<file>}; required.
     *
     * @param images the folder
     * @return this builder
     * @throws IllegalArgumentException if {@code images} is not a directory
     */
    public ShardWriterBuilder setImages(Path images) {
        if (!Files.isDirectory(Objects.requireNonNull(images, "images"))) {
            throw new IllegalArgumentException("images " + images + " is not a directory");
        }
        this.images = images;
        return this;
    }

    /**
     * Sets the folder the shards are written to, created if missing; required.
     *
     * @param output the output folder
     * @return this builder
     */
    public ShardWriterBuilder setOutput(Path output) {
        this.output = Objects.requireNonNull(output, "output");
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
     * permutation of the folder's order, so that every shard holds a mix of classes: a reader that
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
     * Writes the samples in the folder's order (class by class) instead of a permutation of it.
     *
     * @return this builder
     */
    public ShardWriterBuilder optKeepOrder() {
        this.keepOrder = true;
        return this;
    }

    /**
     * Builds the writer.
     *
     * @return the writer
     * @throws IllegalStateException if the images or the output folder is not set
     */
    public ShardWriter build() {
        if (images == null || output == null) {
            throw new IllegalStateException("setImages and setOutput are required");
        }
        return new ShardWriter(this);
    }
}
