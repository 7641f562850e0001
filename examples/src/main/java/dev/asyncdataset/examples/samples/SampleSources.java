package dev.asyncdataset.examples.samples;

import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.StoreOptions;
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
 * SampleSources shards = SampleSources.shards("s3://bucket/shards/", StoreOptions.builder().build());
 * SampleSources objects = SampleSources.s3("s3://bucket/train/", StoreOptions.builder().build());
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
     * Returns the samples stored as loose files in {@code root}, grouped by key.
     *
     * @param root the folder
     * @return the samples of that folder
     */
    static SampleSources folder(Path root) {
        return decoder -> FolderSource.builder().setLocation(root.toString()).buildSamples(decoder);
    }

    /**
     * Returns the samples stored in WebDataset tar shards ({@code ConcurrentDataset} streams them
     * shard by shard): in a folder, under an {@code s3://} prefix, or either ending in a shard name
     * or brace pattern.
     *
     * @param url where the shards are
     * @param store the store options (S3 endpoint, credentials, ...), or {@code null} for a folder
     *     or the defaults
     * @return the samples of those shards
     */
    static SampleSources shards(String url, StoreOptions store) {
        Objects.requireNonNull(url, "url");
        return decoder -> {
            TarShardSource shards = TarShardSource.builder().setLocation(url);
            if (store != null) {
                shards.optStore(store);
            }
            return shards.buildSamples(decoder);
        };
    }

    /**
     * Returns the samples stored as loose objects under an S3 prefix, grouped by key (the S3 twin
     * of {@link #folder}).
     *
     * @param url the {@code s3://bucket/prefix/} of the samples
     * @param store the store options (S3 endpoint, credentials, ...)
     * @return the samples under that prefix
     */
    static SampleSources s3(String url, StoreOptions store) {
        Objects.requireNonNull(store, "store");
        FolderSource samples = FolderSource.builder().setLocation(url).optStore(store);
        return samples::buildSamples;
    }
}
