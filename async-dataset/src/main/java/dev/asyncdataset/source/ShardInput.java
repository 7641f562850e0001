package dev.asyncdataset.source;

import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The samples a {@link ShardWriter} reads: images of a folder ({@link ImageFolderSource}) or an
 * {@code s3://} prefix ({@link S3Source}, listed here) with their class names, or the loose sample
 * files of a folder ({@link SampleFolderSource}).
 *
 * @param source the samples
 * @param classes the class names in label order (empty for a manifest with integer labels), or
 *     {@code null} for samples that are not images with labels
 */
record ShardInput(ItemSource<Sample> source, List<String> classes) implements AutoCloseable {

    /** The decoder of samples that are written, never decoded. */
    private static final SampleDecoder NOT_DECODED =
            (manager, sample) -> {
                throw new UnsupportedOperationException("samples are written, not decoded");
            };

    /** Lists the images at {@code location}, a folder or {@code s3://} prefix. */
    static ShardInput images(String location, S3SourceBuilder options) throws IOException {
        if (!BucketPrefix.isS3(location)) {
            ImageFolderSource folder = ImageFolderSource.of(Path.of(location));
            return labeled(folder, folder.getClasses());
        }
        S3Source bucket = options.build(BucketPrefix.parse(location));
        try {
            bucket.prepare(null);
            return labeled(bucket, bucket.getClasses());
        } catch (IOException | RuntimeException e) {
            bucket.close();
            throw e;
        }
    }

    /** Lists the loose sample files of {@code folder}, grouped by key. */
    static ShardInput samples(String folder) throws IOException {
        return new ShardInput(SampleFolderSource.of(Path.of(folder), NOT_DECODED), null);
    }

    private static ShardInput labeled(LabeledImageSource images, List<String> classes) {
        return new ShardInput(new ImageSamples(images, classes), classes);
    }

    @Override
    public void close() {
        source.close();
    }
}
