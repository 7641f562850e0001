package dev.asyncdataset.source.s3;

import dev.asyncdataset.internal.cache.CacheOption;
import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.items.ListOnce;
import dev.asyncdataset.internal.items.LooseSamples;
import dev.asyncdataset.internal.loose.StoreItems;
import dev.asyncdataset.internal.loose.StoreObjects;
import dev.asyncdataset.internal.loose.StoreSamples;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.store.StoreAccess;
import dev.asyncdataset.internal.store.StoreKind;
import dev.asyncdataset.internal.store.StoreTable;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.folder.SampleFolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreOptionsBuilder;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * Builds an {@link S3Source} ({@link #build}) or an {@link S3SampleSource} ({@link #buildSamples}):
 * {@code setUrl} is required, every {@code opt} method has a default. Arguments are checked when
 * given. Credentials are held only by the SDK's provider and never appear in messages or {@code
 * toString}.
 */
public final class S3SourceBuilder {

    private BucketPrefix location;
    URI endpoint;
    boolean pathStyle;
    Region region;
    AwsCredentialsProvider credentials;
    String manifestKey;
    Path manifestFile;
    int maxConnections = 256;
    StoreOptionsBuilder store = StoreOptions.builder();
    long maxPartBytes = SampleFolderSource.DEFAULT_MAX_PART_BYTES;
    boolean verifyChecksums = true;
    CacheOption cache;

    S3SourceBuilder() {}

    /** A builder with the options, not the URL, of {@code options}. */
    S3SourceBuilder(S3SourceBuilder options) {
        this.endpoint = options.endpoint;
        this.pathStyle = options.pathStyle;
        this.region = options.region;
        this.credentials = options.credentials;
        this.manifestKey = options.manifestKey;
        this.manifestFile = options.manifestFile;
        this.maxConnections = options.maxConnections;
        this.store = options.store.build().toBuilder();
        this.maxPartBytes = options.maxPartBytes;
        this.verifyChecksums = options.verifyChecksums;
        this.cache = options.cache;
    }

    /**
     * Sets where the items are, as {@code s3://bucket/prefix} (the prefix may be empty).
     *
     * @param url the bucket and prefix
     * @return this builder
     */
    public S3SourceBuilder setUrl(String url) {
        if (!StoreTable.is(url, StoreKind.S3)) {
            throw new IllegalArgumentException("not an s3://bucket/prefix URL: " + url);
        }
        this.location = BucketPrefix.parse(url);
        return this;
    }

    /**
     * Sends requests to {@code endpoint} instead of AWS, for S3-compatible stores (MinIO, Ceph,
     * S3Proxy); most of them also need {@link #optPathStyle}.
     *
     * @param endpoint such as {@code http://localhost:9000}
     * @return this builder
     */
    public S3SourceBuilder optEndpoint(URI endpoint) {
        this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
        return this;
    }

    /**
     * Uses path-style URLs ({@code endpoint/bucket/key}) instead of virtual-host style; default
     * false.
     *
     * @param pathStyle whether to use path-style access
     * @return this builder
     */
    public S3SourceBuilder optPathStyle(boolean pathStyle) {
        this.pathStyle = pathStyle;
        return this;
    }

    /**
     * Sets the region, such as {@code us-west-2}; default: the SDK's region provider chain, else
     * {@code us-east-1} with cross-region access enabled.
     *
     * @param region the region id
     * @return this builder
     */
    public S3SourceBuilder optRegion(String region) {
        this.region = Region.of(Objects.requireNonNull(region, "region"));
        return this;
    }

    /**
     * Uses these static credentials instead of the AWS default provider chain.
     *
     * @param accessKeyId the access key id
     * @param secretAccessKey the secret access key
     * @return this builder
     */
    public S3SourceBuilder optCredentials(String accessKeyId, String secretAccessKey) {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(secretAccessKey, "secretAccessKey");
        return optCredentialsProvider(
                StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(accessKeyId, secretAccessKey)));
    }

    /**
     * Uses {@code provider} instead of the AWS default provider chain.
     *
     * @param provider where credentials come from
     * @return this builder
     */
    public S3SourceBuilder optCredentialsProvider(AwsCredentialsProvider provider) {
        this.credentials = Objects.requireNonNull(provider, "provider");
        return this;
    }

    /**
     * Lists the items from a manifest object in the same bucket instead of the folder layout; for
     * {@link #build} only ({@link #buildSamples} rejects it).
     *
     * @param key the manifest's full object key
     * @return this builder
     */
    public S3SourceBuilder optManifest(String key) {
        this.manifestKey = Objects.requireNonNull(key, "key");
        this.manifestFile = null;
        return this;
    }

    /**
     * Lists the items from a local manifest file instead of the folder layout; for {@link #build}
     * only ({@link #buildSamples} rejects it).
     *
     * @param file the manifest file
     * @return this builder
     */
    public S3SourceBuilder optManifest(Path file) {
        this.manifestFile = Objects.requireNonNull(file, "file");
        this.manifestKey = null;
        return this;
    }

    /**
     * Sizes the HTTP connection pool; match it to the loader's fetch concurrency. Default 256, the
     * highest AUTO fetch limit of {@code ConcurrentDataset}: fetches beyond the pool would wait for
     * a connection, which the loader would see as storage latency.
     *
     * @param maxConnections the most connections open at once
     * @return this builder
     */
    public S3SourceBuilder optMaxConnections(int maxConnections) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections < 1: " + maxConnections);
        }
        this.maxConnections = maxConnections;
        return this;
    }

    /**
     * Sets the attempts, retry budget, timeouts and object size limit of every request, as {@link
     * StoreOptions} describes them; their defaults are {@code StoreOptions.builder()}'s. The {@code
     * optMaxAttempts}, {@code optRetryBudget}, timeout and {@code optMaxObjectBytes} methods of
     * this builder each change one of them.
     *
     * @param options the store-neutral options
     * @return this builder
     */
    public S3SourceBuilder optStore(StoreOptions options) {
        this.store = Objects.requireNonNull(options, "options").toBuilder();
        return this;
    }

    /**
     * Caps the attempts of a request, as {@link StoreOptionsBuilder#optMaxAttempts}.
     *
     * @param maxAttempts the attempts per request, at least 1
     * @return this builder
     */
    public S3SourceBuilder optMaxAttempts(int maxAttempts) {
        store.optMaxAttempts(maxAttempts);
        return this;
    }

    /**
     * Sets how long a request (one GET, one LIST page) is retried, as {@link
     * StoreOptionsBuilder#optRetryBudget}.
     *
     * @param budget a positive duration
     * @return this builder
     */
    public S3SourceBuilder optRetryBudget(Duration budget) {
        store.optRetryBudget(budget);
        return this;
    }

    /**
     * Sets how long opening a connection may take, as {@link
     * StoreOptionsBuilder#optConnectTimeout}.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optConnectTimeout(Duration timeout) {
        store.optConnectTimeout(timeout);
        return this;
    }

    /**
     * Sets how long the response headers may take, as {@link
     * StoreOptionsBuilder#optFirstByteTimeout}.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optFirstByteTimeout(Duration timeout) {
        store.optFirstByteTimeout(timeout);
        return this;
    }

    /**
     * Sets how long a body may go without a byte, as {@link
     * StoreOptionsBuilder#optReadIdleTimeout}.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optReadIdleTimeout(Duration timeout) {
        store.optReadIdleTimeout(timeout);
        return this;
    }

    /**
     * Sets the limit on one request attempt, as {@link StoreOptionsBuilder#optRequestTimeout}.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optRequestTimeout(Duration timeout) {
        store.optRequestTimeout(timeout);
        return this;
    }

    /**
     * Sets the largest object an {@link S3Source} reads, as {@link
     * StoreOptionsBuilder#optMaxObjectBytes}; {@link #buildSamples} limits its part objects with
     * {@link #optMaxPartBytes} instead.
     *
     * @param maxBytes the limit in bytes, from 1 to {@code Integer.MAX_VALUE - 8}
     * @return this builder
     */
    public S3SourceBuilder optMaxObjectBytes(long maxBytes) {
        store.optMaxObjectBytes(maxBytes);
        return this;
    }

    /**
     * Sets the largest part object read by an {@link S3SampleSource}, checked against the length
     * the listing gave, before any GET; a larger part makes its sample a bad item ("object too
     * large"); default {@link SampleFolderSource#DEFAULT_MAX_PART_BYTES}.
     *
     * @param maxBytes the limit in bytes, from 1 to {@code Integer.MAX_VALUE - 8}
     * @return this builder
     */
    public S3SourceBuilder optMaxPartBytes(long maxBytes) {
        this.maxPartBytes = LooseSamples.checkMaxPartBytes(maxBytes);
        return this;
    }

    /**
     * Checks every body against the checksum the store gives (an S3 additional checksum, else the
     * ETag when it is the object's MD5); a mismatch is retried and counted. Default true; the cost
     * is in BENCHMARKS.md.
     *
     * @param verify whether to check bodies
     * @return this builder
     */
    public S3SourceBuilder optVerifyChecksums(boolean verify) {
        this.verifyChecksums = verify;
        return this;
    }

    /**
     * Keeps fetched bytes in {@code dir}, at most {@code maxBytes} of them, evicting the least
     * recently used; entries left by an earlier run are reused.
     *
     * @param dir the cache directory, created if needed
     * @param maxBytes the bound on the bytes stored
     * @return this builder
     */
    public S3SourceBuilder optCache(Path dir, long maxBytes) {
        this.cache = new CacheOption(dir, maxBytes);
        return this;
    }

    /**
     * Creates the client; does no I/O: the items are listed by {@link S3Source#prepare}.
     *
     * @return the source
     * @throws IOException if the cache directory cannot be opened
     * @throws IllegalStateException if no URL was set
     */
    public S3Source build() throws IOException {
        return build(url());
    }

    /**
     * Returns every option set on this builder but its URL, for the tar shard sources and the shard
     * writer ({@code optS3}) or a builder of another source ({@link S3Source#builder(S3Options)}).
     *
     * @return the options
     */
    public S3Options buildOptions() {
        return new S3Options(this);
    }

    private S3Source build(BucketPrefix at) throws IOException {
        S3Options options = buildOptions();
        StoreObjects objects = objects(at, StoreAccess.of(options, null, null));
        String manifest =
                manifestFile != null
                        ? manifestFile.toString()
                        : manifestKey != null ? at.url(manifestKey) : null;
        return new S3Source(
                at, objects, new ListOnce<>(p -> StoreItems.list(objects, manifest, p)));
    }

    /**
     * Creates the client of a source of samples of any kind, each read whole from the part objects
     * sharing its key, as {@link S3SampleSource} tells; does no I/O: the samples are listed by
     * {@link S3SampleSource#prepare}. Every option applies but the manifest, which lists labeled
     * images, and {@link #optMaxObjectBytes}: parts are limited by {@link #optMaxPartBytes}.
     *
     * @param decoder turns each sample into a record
     * @return the source
     * @throws IOException if the cache directory cannot be opened
     * @throws IllegalStateException if no URL was set, or a manifest was
     */
    public S3SampleSource buildSamples(SampleDecoder decoder) throws IOException {
        return buildSamples(url(), decoder);
    }

    private S3SampleSource buildSamples(BucketPrefix at, SampleDecoder decoder) throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        if (manifestKey != null || manifestFile != null) {
            throw new IllegalStateException(
                    "optManifest("
                            + (manifestKey != null ? manifestKey : manifestFile)
                            + ") lists labeled images; buildSamples lists the samples under "
                            + at.url(at.prefix())
                            + " and takes no manifest");
        }
        S3Options options = buildOptions();
        StoreOptions parts = options.store().toBuilder().optMaxObjectBytes(maxPartBytes).build();
        StoreObjects objects = objects(at, StoreAccess.of(options, parts, null));
        return new S3SampleSource(
                objects, new ListOnce<>(p -> StoreSamples.list(objects, p)), decoder);
    }

    private BucketPrefix url() {
        if (location == null) {
            throw new IllegalStateException("setUrl(\"s3://bucket/prefix\") is required");
        }
        return location;
    }

    /** The cache, then the client: a cache that cannot be opened leaves no client to close. */
    private StoreObjects objects(BucketPrefix at, StoreAccess access) throws IOException {
        DiskCache opened = cache == null ? null : cache.open();
        return StoreObjects.open(at.url(at.prefix()), access, opened);
    }
}
