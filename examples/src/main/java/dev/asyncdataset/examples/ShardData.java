package dev.asyncdataset.examples;

import ai.djl.Device;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.Stores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The training set of a run whose {@code --data} is WebDataset tar shards (written by {@code
 * WriteShards}, with {@code classes.txt}), read by ConcurrentDataset from a local folder or any
 * store's URL (which {@code --format auto} finds there too, {@link TrainingData}), such as {@code
 * s3://bucket/prefix/} or {@code https://host/path/} (either may end in a brace pattern such as
 * {@code train-{000..009}.tar}).
 */
final class ShardData {

    private ShardData() {}

    /**
     * Tells whether {@code settings} name shards: {@code --format shards}, or {@code auto} and a
     * local folder holding {@code .tar} files.
     */
    static boolean isShards(TrainingSettings settings) throws IOException {
        return isFormat(settings, "shards", ".tar");
    }

    /**
     * Tells whether {@code settings} name data of {@code format}: {@code --format} is it, or {@code
     * auto} and a local folder holding files ending with {@code suffix}.
     */
    static boolean isFormat(TrainingSettings settings, String format, String suffix)
            throws IOException {
        if (!settings.format().equals("auto")) {
            return settings.format().equals(format);
        }
        if (!Stores.scheme(settings.data()).equals(Stores.FILE)) {
            return false;
        }
        Path folder = Path.of(settings.data());
        if (!Files.isDirectory(folder)) {
            return false;
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.anyMatch(f -> f.getFileName().toString().endsWith(suffix));
        }
    }

    /** Opens the shards for ConcurrentDataset with the settings and the recipe of {@code role}. */
    static TrainingData open(
            TrainingSettings settings, S3Connection connection, Device device, DataRole role)
            throws IOException {
        if (settings.loader().equals("djl")) {
            throw new IllegalArgumentException(
                    "DJL's loader reads image folders, not tar shards: " + settings.data());
        }
        return TrainingData.of(settings, source(settings, connection), device, role);
    }

    /**
     * The shards at {@code settings.data()}.
     *
     * @throws IllegalArgumentException if there is no {@code .tar} shard there
     */
    static LabeledImageSource source(TrainingSettings settings, S3Connection connection)
            throws IOException {
        TarShardSource builder = TarShardSource.builder().setLocation(settings.data());
        if (!Stores.scheme(settings.data()).equals(Stores.FILE)) {
            builder.optStore(connection.options(settings.maxFetchers()).build());
        }
        return builder.build();
    }
}
