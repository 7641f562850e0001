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
