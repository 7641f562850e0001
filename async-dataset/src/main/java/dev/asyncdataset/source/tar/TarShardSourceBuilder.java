package dev.asyncdataset.source.tar;

import dev.asyncdataset.internal.cache.CacheOption;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.s3.S3Options;
import dev.asyncdataset.source.s3.S3Source;
import dev.asyncdataset.source.s3.S3SourceBuilder;
import dev.asyncdataset.store.StoreOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Builds a {@link TarShardSource} ({@link #build}) or a {@link TarSampleSource} ({@link
 * #buildSamples}): {@code setUrl} or {@code setUrlList} is required. The URL is a folder or an
 * {@code s3://bucket/prefix/} (every {@code .tar} directly in it, in name order), or any location
 * of {@link dev.asyncdataset.store.Stores}' table (a folder, {@code s3://}, {@code http(s)://}, a
 * registered scheme) followed by a shard name or a WebDataset brace pattern ({@code
 * s3://bucket/shards/train-{000000..000146}.tar}, {@code /data/shards/train-{0..9}.tar}, {@code
 * https://host/resolve/main/train-{0000..0146}.tar}): those shards, in pattern order, each of which
 * must exist. An HTTP server cannot be listed, so HTTP(S) shards are always named.
 */
public final class TarShardSourceBuilder {

    /**
     * The environment variable an {@code Authorization} header's value is taken from.
     *
     * @deprecated use {@link StoreOptions#AUTHORIZATION_ENV}
     */
    @Deprecated(forRemoval = true)
    public static final String AUTHORIZATION_ENV = StoreOptions.AUTHORIZATION_ENV;

    private ShardLocations shards;
    private S3Options s3 = S3Source.builder().buildOptions();
    private StoreOptions store;
    private String authorization;
    private CacheOption cache;

    TarShardSourceBuilder() {}

    /**
     * Sets where the shards are: a folder, an {@code s3://} prefix, or any location of {@link
     * dev.asyncdataset.store.Stores}' table ({@code https://} included) with a shard name or brace
     * pattern as its last segment.
     *
     * @param url the shards' location
     * @return this builder
     */
    public TarShardSourceBuilder setUrl(String url) {
        if (Objects.requireNonNull(url, "url").isEmpty()) {
            throw new IllegalArgumentException("empty url");
        }
        this.shards = ShardLocations.parse(url);
        return this;
    }

    /**
     * Sets the shards to the locations listed in a text file, one per line, in order (blank lines
     * and lines starting with {@code #} are skipped): all in one store, the classes file read from
     * beside the first.
     *
     * @param file the list of shard locations
     * @return this builder
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException if it names no shard or shards of different stores
     */
    public TarShardSourceBuilder setUrlList(Path file) throws IOException {
        List<String> urls =
                Files.readAllLines(Objects.requireNonNull(file, "file")).stream()
                        .map(String::strip)
                        .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                        .toList();
        this.shards = ShardLocations.of(urls);
        return this;
    }

    /**
     * Sends {@code value} as the {@code Authorization} header of HTTP(S) and registered stores'
     * requests (for example {@code "Bearer hf_..."} for Hugging Face) instead of the one of the
     * store options ({@link StoreOptions#authorization()}). The header goes only to the host of the
     * URL given: after a redirect to another host it is dropped. It is never logged.
     *
     * @param value the header's value
     * @return this builder
     */
    public TarShardSourceBuilder optAuthorization(String value) {
        if (Objects.requireNonNull(value, "value").isBlank()) {
            throw new IllegalArgumentException("blank authorization");
        }
        this.authorization = value;
        return this;
    }

    /**
     * Reads the shards of every store with the attempts, retry budget and timeouts (connect, first
     * byte, read idle, request) of {@code options}, and HTTP(S) and registered stores with its
     * authorization. Default: those of {@link #optS3}'s options.
     *
     * @param options the store-neutral options
     * @return this builder
     */
    public TarShardSourceBuilder optStore(StoreOptions options) {
        this.store = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Reads {@code s3://} shards with the client options of {@code options} (endpoint, path style,
     * region, credentials, connections, checksums); its manifest and cache are not used. Its
     * {@linkplain S3Options#store() store-neutral options} apply to the shards of every store
     * unless {@link #optStore} is given. Default: {@code S3Source.builder()}'s defaults.
     *
     * @param options the S3 options, from {@link S3SourceBuilder#buildOptions()}
     * @return this builder
     */
    public TarShardSourceBuilder optS3(S3Options options) {
        this.s3 = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Keeps the shards, sidecar indexes and classes file read whole from a remote store in {@code
     * dir}, at most {@code maxBytes} of them, evicting the least recently used; entries left by an
     * earlier run are reused, so a later streamed epoch (or run) reads them without a request. An
     * object is cached only once its bytes passed every check (the store's checksum, a sidecar's
     * own check, a whole shard's members against the CRC32C of its index). An entry is served
     * without asking the store whether the object changed: clear the directory when the data does.
     * A damaged entry is dropped and read again from the store. Random access reads a sample's
     * members by range, from the store, cached or not: caching a whole shard on its first ranged
     * read would multiply the bytes fetched. Local folders are not cached. Default: no cache.
     *
     * @param dir the cache directory, created if needed
     * @param maxBytes the bound on the bytes stored
     * @return this builder
     */
    public TarShardSourceBuilder optCache(Path dir, long maxBytes) {
        this.cache = new CacheOption(dir, maxBytes);
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

    /** The cache, then the store: a cache that cannot be opened leaves no store to close. */
    private ShardStore store() throws IOException {
        if (shards == null) {
            throw new IllegalStateException(
                    "setUrl(\"s3://bucket/shards/\" or a folder) is required");
        }
        StoreAccess access = StoreAccess.of(s3, store, authorization);
        DiskCache disk = cache == null ? null : cache.open();
        return StoreTable.of(shards.prefix())
                .open(access)
                .cachedIn(disk)
                .shards(shards.prefix(), shards.urls(), access);
    }
}
