package dev.asyncdataset.source;

import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.shard.BracePattern;
import dev.asyncdataset.internal.shard.FolderShardStore;
import dev.asyncdataset.internal.shard.S3ShardStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Builds a {@link TarShardSource}: {@code setUrl} is required. The URL is a folder or an {@code
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
     * Opens the shards and reads their indexes: the sidecar {@code .idx} of a shard when present
     * and written for the shard's length, else its tar headers (for S3, ranged GETs of 1 MiB).
     *
     * @return the source
     * @throws dev.asyncdataset.decode.BadItemException if a shard is damaged or not a tar archive
     * @throws IOException if the storage fails or a named shard does not exist
     * @throws IllegalArgumentException if no shard is found or the pattern is malformed
     * @throws IllegalStateException if no URL was set
     */
    public TarShardSource build() throws IOException {
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
            return TarShardSource.open(S3ShardStore.open(s3.settings(), location, pattern));
        }
        Path folder = named ? Path.of(url).toAbsolutePath().getParent() : Path.of(url);
        return TarShardSource.open(FolderShardStore.open(folder, pattern));
    }
}
