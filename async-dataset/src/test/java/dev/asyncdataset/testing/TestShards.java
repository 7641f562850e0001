package dev.asyncdataset.testing;

import dev.asyncdataset.writer.ShardWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Image-classification tar shards for tests, written by {@link ShardWriter}. */
public final class TestShards {

    /** The shard size that puts about six 40 x 30 test images in a shard. */
    public static final long SMALL_SHARD_BYTES = 20_000;

    private TestShards() {}

    /**
     * Writes {@code classes} x {@code perClass} JPEGs of 40 x 30 into class folders under {@code
     * images}, then into shards of {@link #SMALL_SHARD_BYTES} under {@code shards}.
     *
     * @return the shards' paths, in order
     */
    public static List<String> write(Path images, Path shards, int classes, int perClass)
            throws IOException {
        TestImages.write(images, TestImages.classFolders(classes, perClass, 40, 30));
        return ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .optShardBytes(SMALL_SHARD_BYTES)
                .build()
                .write();
    }
}
