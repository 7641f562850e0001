package dev.asyncdataset.examples;

import ai.djl.Device;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.parquet.ParquetSource;
import dev.asyncdataset.source.parquet.ParquetSourceBuilder;
import dev.asyncdataset.store.Stores;
import java.io.IOException;

/**
 * A split of a run whose {@code --data} is Parquet in the Hugging Face Hub's image layout ({@code
 * image} a {@code {bytes, path}} struct or binary, {@code label} an integer), such as {@code
 * WriteParquet} writes: every {@code .parquet} file of a local folder or of any store's prefix
 * ({@code s3://bucket/prefix/}, {@code https://host/path/}), with {@code classes.txt} beside them,
 * streamed by ConcurrentDataset with its row groups as shards.
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

    /** Opens the files for ConcurrentDataset with the settings and the recipe of {@code role}. */
    static TrainingData open(
            TrainingSettings settings, S3Connection connection, Device device, DataRole role)
            throws IOException {
        if (settings.loader().equals("djl")) {
            throw new IllegalArgumentException(
                    "DJL's loader reads image folders, not Parquet: " + settings.data());
        }
        String data = settings.data();
        ParquetSourceBuilder builder =
                ParquetSource.builder().setLocation(data.endsWith("/") ? data : data + "/");
        if (!Stores.isLocal(data)) {
            builder.optStore(connection.options(settings.maxFetchers()).build());
        }
        LabeledImageSource source = builder.build();
        if (source.getClasses().isEmpty()) {
            source.close();
            throw new IllegalArgumentException(
                    data + " has no classes.txt: the number of classes is unknown");
        }
        return new TrainingData(
                TrainingData.concurrent(settings, source, device, role),
                source.getClasses().size(),
                source);
    }
}
