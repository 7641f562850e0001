package dev.asyncdataset.examples.samples;

import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.SampleFolderSource;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.source.s3.S3SampleSource;
import dev.asyncdataset.source.s3.S3SourceBuilder;
import dev.asyncdataset.source.tar.TarSampleSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.source.tar.TarShardSourceBuilder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where an example's samples come from: opens a source of samples decoded by the example's {@link
 * SampleDecoder}. The examples take one of these, so that reading from a folder, tar shards or S3
 * is one line at the caller:
 *
 * <pre>{@code
 * SampleSources folder = SampleSources.folder(Path.of("data/train"));
 * SampleSources shards = SampleSources.shards("s3://bucket/shards/", S3Source.builder().buildOptions());
 * SampleSources objects = SampleSources.s3("s3://bucket/train/", S3Source.builder());
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

    /**
     * Returns the samples stored in WebDataset tar shards ({@link TarSampleSource}, which {@code
     * ConcurrentDataset} streams shard by shard): in a folder, under an {@code s3://} prefix, or
     * either ending in a shard name or brace pattern.
     *
     * @param url where the shards are
     * @param s3 the S3 client options (endpoint, credentials, ...) for an {@code s3://} URL, or
     *     {@code null} for a folder or the AWS defaults
     * @return the samples of those shards
     */
    static SampleSources shards(String url, S3Options s3) {
        Objects.requireNonNull(url, "url");
        return decoder -> {
            TarShardSourceBuilder shards = TarShardSource.builder().setUrl(url);
            if (s3 != null) {
                shards.optS3(s3);
            }
            return shards.buildSamples(decoder);
        };
    }

    /**
     * Returns the samples stored as loose objects under an S3 prefix, grouped by key ({@link
     * S3SampleSource}, the S3 twin of {@link #folder}).
     *
     * @param url the {@code s3://bucket/prefix/} of the samples
     * @param s3 the S3 client options (endpoint, credentials, ...); its URL is set to {@code url}
     * @return the samples under that prefix
     */
    static SampleSources s3(String url, S3SourceBuilder s3) {
        S3SourceBuilder samples = Objects.requireNonNull(s3, "s3").setUrl(url);
        return samples::buildSamples;
    }
}
