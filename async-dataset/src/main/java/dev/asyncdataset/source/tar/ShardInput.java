package dev.asyncdataset.source.tar;

import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.ImageFolderSource;
import dev.asyncdataset.source.folder.SampleFolderSource;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.source.s3.S3Source;
import java.io.IOException;
import java.util.List;

/**
 * The samples a {@link ShardWriter} reads: images of a folder ({@link ImageFolderSource}) or an
 * {@code s3://} prefix ({@link S3Source}, listed here) with their class names, or the loose sample
 * files of a folder or an {@code s3://} prefix ({@link SampleFolderSource}, {@link
 * S3SampleSource}).
 *
 * @param source the samples
 * @param classes the class names in label order (empty for a manifest with integer labels), or
 *     {@code null} for samples that are not images with labels
 */
record ShardInput(ItemSource<Sample> source, List<String> classes) implements AutoCloseable {

    /** The decoder of samples that are written, never decoded. */
    static final SampleDecoder NOT_DECODED =
            (manager, sample) -> {
                throw new UnsupportedOperationException("samples are written, not decoded");
            };

    /** Lists the images at {@code location}, a folder or {@code s3://} prefix. */
    static ShardInput images(String location, S3Options options) throws IOException {
        return Store.of(location).images(location, options);
    }

    /** Lists the loose samples at {@code location}, a folder or {@code s3://} prefix, by key. */
    static ShardInput samples(String location, S3Options options) throws IOException {
        return Store.of(location).samples(location, options);
    }

    /** Lists {@code source}'s items now, closing it if that fails. */
    static <S extends ItemSource<?>> S listed(S source) throws IOException {
        try {
            source.prepare(null);
            return source;
        } catch (IOException | RuntimeException e) {
            source.close();
            throw e;
        }
    }

    static ShardInput labeled(LabeledImageSource images, List<String> classes) {
        return new ShardInput(new ImageSamples(images, classes), classes);
    }

    @Override
    public void close() {
        source.close();
    }
}
