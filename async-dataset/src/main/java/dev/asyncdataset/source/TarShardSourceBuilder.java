package dev.asyncdataset.source;

import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.shard.BracePattern;
import dev.asyncdataset.internal.shard.FolderShardStore;
import dev.asyncdataset.internal.shard.S3ShardStore;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.sample.SampleDecoder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Builds a {@link TarShardSource} ({@link #build}) or a {@link TarSampleSource} ({@link
 * #buildSamples}): {@code setUrl} is required. The URL is a folder or an {@code
 * s3://bucket/prefix/} (every {@code .tar} directly in it, in name order), or either followed by a
 * shard name or a WebDataset brace pattern ({@code s3://bucket/shards/train-{000000..000146}.tar},
 * {@code /data/shards/train-{0..9}.tar}, {@code .../{train,val}-{0..3}.tar}): those shards, in
 * pattern order, each of which must exist.
 */
public final class TarShardSourceBuilder {

    private String url;
    private S3SourceBuilder s3 = S3Source.builder();

    TarShardSourceBuilder() {}

    /**
     * Sets where the shards are: a folder, an {@code s3://} prefix, or either with a shard name or
     * brace pattern as its last segment.
     *
     * @param url the shards' location
     * @return this builder
     */
    public TarShardSourceBuilder setUrl(String url) {
        if (Objects.requireNonNull(url, "url").isEmpty()) {
            throw new IllegalArgumentException("empty url");
        }
        this.url = url;
        return this;
    }

    /**
     * Reads {@code s3://} shards with the client options of {@code options} (endpoint, path style,
     * region, credentials, connections, retries and retry budget, timeouts, checksums); its own
     * URL, manifest and cache are not used. Default: {@code S3Source.builder()}'s defaults.
     *
     * @param options the S3 client options
     * @return this builder
     */
    public TarShardSourceBuilder optS3(S3SourceBuilder options) {
        this.s3 = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Opens the shards as an image-classification source and reads their indexes: the sidecar
     * {@code .idx} of a shard when present and written for the shard's length, else its tar headers
     * (for S3, ranged GETs of 1 MiB). A shard that cannot be indexed is left out and kept in {@link
     * TarShardSource#damaged()}.
     *
     * @return the source
     * @throws IOException if the storage fails or a named shard does not exist
     * @throws IllegalArgumentException if no shard is found or the pattern is malformed
     * @throws IllegalStateException if no URL was set
     */
    public TarShardSource build() throws IOException {
        return TarShardSource.open(store());
    }

    /**
     * Opens the shards as a source of samples of any kind, each decoded by {@code decoder}, and
     * reads their indexes: the sidecar {@code .idx} of a shard when it lists every member (version
     * 3) and was written for the shard's length, else its tar headers. A shard that cannot be
     * indexed is left out and kept in {@link TarSampleSource#damaged()}.
     *
     * @param decoder turns each sample into a record
     * @return the source
     * @throws IOException if the storage fails or a named shard does not exist
     * @throws IllegalArgumentException if no shard is found or the pattern is malformed
     * @throws IllegalStateException if no URL was set
     */
    public TarSampleSource buildSamples(SampleDecoder decoder) throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        return TarSampleSource.open(store(), decoder);
    }

    private ShardStore store() throws IOException {
        if (url == null) {
            throw new IllegalStateException(
                    "setUrl(\"s3://bucket/shards/\" or a folder) is required");
        }
        int slash = url.lastIndexOf('/');
        String last = url.substring(slash + 1);
        boolean named = BracePattern.isPattern(last) || last.endsWith(".tar");
        String pattern = named ? last : null;
        if (BucketPrefix.isS3(url)) {
            BucketPrefix location = BucketPrefix.parse(named ? url.substring(0, slash) : url);
            return S3ShardStore.open(s3.settings(), location, pattern);
        }
        Path folder = named ? Path.of(url).toAbsolutePath().getParent() : Path.of(url);
        return FolderShardStore.open(folder, pattern);
    }
}
