package dev.asyncdataset.examples;

import ai.djl.Device;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.store.Stores;
import java.io.IOException;

/**
 * A split of a run whose {@code --data} is Parquet in the Hugging Face Hub's image layout ({@code
 * image} a {@code {bytes, path}} struct or binary, {@code label} an integer), such as {@code
 * WriteParquet} writes: every {@code .parquet} file of a local folder or of any store's prefix
 * ({@code s3://bucket/prefix/}, {@code https://host/path/}), or those a glob or brace pattern names
 * ({@code hf://datasets/org/name/data/*.parquet}), streamed by ConcurrentDataset with its row
 * groups as shards; the classes as {@link ClassCount} tells them.
 */
final class ParquetData {

    private ParquetData() {}

    /**
     * Tells whether {@code settings} name Parquet: {@code --format parquet}, or {@code auto} and a
     * local folder holding {@code .parquet} files.
     */
    static boolean isParquet(TrainingSettings settings) throws IOException {
        return ShardData.isFormat(settings, "parquet", ".parquet");
    }

    /**
     * The location as the source takes it: a file, glob or brace pattern as given, a folder ending
     * with {@code /}.
     */
    static String location(String data) {
        String last = data.substring(data.lastIndexOf('/') + 1);
        boolean files = last.endsWith(".parquet") || last.contains("*") || last.contains("{");
        return files || data.endsWith("/") ? data : data + "/";
    }

    /** Opens the files for ConcurrentDataset with the settings and the recipe of {@code role}. */
    static TrainingData open(
            TrainingSettings settings, S3Connection connection, Device device, DataRole role)
            throws IOException {
        if (settings.loader().equals("djl")) {
            throw new IllegalArgumentException(
                    "DJL's loader reads image folders, not Parquet: " + settings.data());
        }
        return TrainingData.of(settings, source(settings, connection), device, role);
    }

    /**
     * The Parquet files at {@code settings.data()}.
     *
     * @throws IllegalArgumentException if there is no {@code .parquet} file there
     */
    static LabeledImageSource source(TrainingSettings settings, S3Connection connection)
            throws IOException {
        String data = settings.data();
        ParquetSource builder = ParquetSource.builder().setLocation(location(data));
        if (!Stores.scheme(data).equals(Stores.FILE)) {
            builder.optStore(connection.options(settings.maxFetchers()).build());
        }
        return builder.build();
    }
}
