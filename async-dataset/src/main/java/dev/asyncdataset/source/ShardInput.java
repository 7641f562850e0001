package dev.asyncdataset.source;

import dev.asyncdataset.internal.s3.BucketPrefix;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The images a {@link ShardWriter} reads: a folder ({@link ImageFolderSource}) or an {@code s3://}
 * prefix ({@link S3Source}, listed here), with their class names.
 *
 * @param source the images and labels
 * @param classes the class names in label order; empty for a manifest with integer labels
 */
record ShardInput(LabeledImageSource source, List<String> classes) implements AutoCloseable {

    /** Lists the images at {@code location}, a folder or {@code s3://} prefix. */
    static ShardInput open(String location, S3SourceBuilder options) throws IOException {
        if (!BucketPrefix.isS3(location)) {
            ImageFolderSource folder = ImageFolderSource.of(Path.of(location));
            return new ShardInput(folder, folder.getClasses());
        }
        S3Source bucket = options.build(BucketPrefix.parse(location));
        try {
            bucket.prepare(null);
            return new ShardInput(bucket, bucket.getClasses());
        } catch (IOException | RuntimeException e) {
            bucket.close();
            throw e;
        }
    }

    /** The folder of a sample's members in a shard: its class name, else its label. */
    String group(long label) {
        return classes.isEmpty() ? Long.toString(label) : classes.get(Math.toIntExact(label));
    }

    @Override
    public void close() {
        source.close();
    }
}
