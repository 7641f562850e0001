package dev.asyncdataset.examples;

import ai.djl.Device;
import dev.asyncdataset.source.S3Location;
import dev.asyncdataset.source.TarShardSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The training set of a run whose {@code --data} is WebDataset tar shards (written by {@code
 * WriteShards}, with {@code classes.txt}), read by ConcurrentDataset: a local folder of shards now;
 * an {@code s3://bucket/prefix} of shards is refused until the library reads shards from S3.
 */
final class ShardData {

    private ShardData() {}

    /**
     * Tells whether {@code settings} name shards: {@code --format shards}, or {@code auto} and a
     * local folder holding {@code .tar} files.
     */
    static boolean isShards(TrainingSettings settings) throws IOException {
        if (!settings.format().equals("auto")) {
            return settings.format().equals("shards");
        }
        Path folder = Path.of(settings.data());
        if (S3Location.isS3(settings.data()) || !Files.isDirectory(folder)) {
            return false;
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(".tar"));
        }
    }

    /** Opens the shards for ConcurrentDataset with the settings and the training recipe. */
    static TrainingData open(TrainingSettings settings, Device device) throws IOException {
        if (settings.loader().equals("djl")) {
            throw new IllegalArgumentException(
                    "DJL's loader reads image folders, not tar shards: " + settings.data());
        }
        if (S3Location.isS3(settings.data())) {
            throw s3ShardsUnsupported(settings.data());
        }
        TarShardSource source = TarShardSource.of(Path.of(settings.data()));
        if (source.getClasses().isEmpty()) {
            source.close();
            throw new IllegalArgumentException(
                    settings.data() + " has no classes.txt: the number of classes is unknown");
        }
        return new TrainingData(
                TrainingData.concurrent(settings, source, device),
                source.getClasses().size(),
                source);
    }

    /**
     * Shards under an {@code s3://} prefix: not readable until the library has an S3 shard source.
     */
    private static UnsupportedOperationException s3ShardsUnsupported(String url) {
        return new UnsupportedOperationException(
                "cannot read S3 shards yet (no S3 shard source in the library): " + url);
    }
}
