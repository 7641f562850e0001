package dev.asyncdataset.examples.samples;

import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.SampleFolderSource;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Where an example's samples come from: opens a source of samples decoded by the example's {@link
 * SampleDecoder}. The examples take one of these, so that reading from a folder, tar shards or S3
 * is one line at the caller:
 *
 * <pre>{@code
 * SampleSources folder = SampleSources.folder(Path.of("data/train"));
 * SampleSources shards = decoder -> TarShardSource.builder().setUrl(url).buildSamples(decoder);
 * }</pre>
 */
@FunctionalInterface
public interface SampleSources {

    /**
     * Opens the samples, decoded by {@code decoder}.
     *
     * @param decoder the example's sample decoder
     * @return the source of samples
     * @throws IOException if the samples cannot be listed
     */
    ItemSource<Sample> open(SampleDecoder decoder) throws IOException;

    /**
     * Returns the samples stored as loose files in {@code root}, grouped by key ({@link
     * SampleFolderSource}).
     *
     * @param root the folder
     * @return the samples of that folder
     */
    static SampleSources folder(Path root) {
        return decoder -> SampleFolderSource.of(root, decoder);
    }
}
