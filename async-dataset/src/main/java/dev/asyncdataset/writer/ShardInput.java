package dev.asyncdataset.writer;

import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.util.List;

/**
 * The samples a {@link ShardWriter} reads, listed here from a folder or a prefix of any store that
 * lists ({@link FolderSource}): labeled images with their class names, or loose sample files.
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

    /** Lists the images at {@code location}, or those of {@code manifest} if not null. */
    static ShardInput images(String location, String manifest, StoreOptions options)
            throws IOException {
        FolderSource builder = FolderSource.builder().setLocation(location).optStore(options);
        LabeledImageSource images =
                listed((manifest == null ? builder : builder.optManifest(manifest)).build());
        return labeled(images, images.getClasses());
    }

    /** Lists the loose samples at {@code location} by key. */
    static ShardInput samples(String location, StoreOptions options) throws IOException {
        return new ShardInput(
                listed(
                        FolderSource.builder()
                                .setLocation(location)
                                .optStore(options)
                                .buildSamples(NOT_DECODED)),
                null);
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
