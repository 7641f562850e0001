package dev.asyncdataset.it;

import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Tar shards of real JPEGs written by {@link ShardWriter}, as files to upload. */
public final class ShardFixtures {

    /** The size the campaign's shards are closed at: about 200 KB. */
    public static final long CAMPAIGN_SHARD_BYTES = 200_000;

    private ShardFixtures() {}

    /**
     * Writes the shards of the shard campaigns, over S3 and HTTP: 400 JPEGs in 10 classes, in
     * shards of about 200 KB (more than three).
     */
    public static Map<String, byte[]> campaign(Path dir) throws Exception {
        return write(dir, 10, 40, CAMPAIGN_SHARD_BYTES);
    }

    /**
     * Writes {@code classes x perClass} 40x32 JPEGs into shards of about {@code shardBytes} under
     * {@code dir}; returns every file written (shards, sidecar indexes, classes file) by name.
     */
    public static Map<String, byte[]> write(Path dir, int classes, int perClass, long shardBytes)
            throws Exception {
        return write(dir, classes, perClass, 40, 32, shardBytes);
    }

    /**
     * Writes {@code classes x perClass} JPEGs of {@code width x height} into shards of about {@code
     * shardBytes} under {@code dir}; returns every file written by name.
     */
    public static Map<String, byte[]> write(
            Path dir, int classes, int perClass, int width, int height, long shardBytes)
            throws Exception {
        Path images = Files.createDirectories(dir.resolve("images"));
        Path shards = Files.createDirectories(dir.resolve("shards"));
        TestImages.write(images, TestImages.classFolders(classes, perClass, width, height));
        ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .optShardBytes(shardBytes)
                .build()
                .write();
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(shards)) {
            for (Path file : list.toList()) {
                files.put(file.getFileName().toString(), Files.readAllBytes(file));
            }
        }
        return files;
    }
}
