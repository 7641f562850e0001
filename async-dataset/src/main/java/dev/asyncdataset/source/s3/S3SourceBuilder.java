package dev.asyncdataset.source.s3;

import dev.asyncdataset.internal.cache.DiskCache;
import dev.asyncdataset.internal.items.LooseSamples;
import dev.asyncdataset.internal.s3.BucketPrefix;
import dev.asyncdataset.internal.s3.S3Clients;
import dev.asyncdataset.internal.s3.S3Settings;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.folder.SampleFolderSource;
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
    int maxAttempts = Integer.MAX_VALUE;
    Duration retryBudget = Duration.ofSeconds(30);
    Duration connectTimeout = Duration.ofSeconds(2);
    Duration firstByteTimeout = Duration.ofSeconds(10);
    Duration readIdleTimeout = Duration.ofSeconds(5);
    Duration requestTimeout = Duration.ofMinutes(5);
    long maxObjectBytes = 64L << 20;
    long maxPartBytes = SampleFolderSource.DEFAULT_MAX_PART_BYTES;
    boolean verifyChecksums = true;
    Path cacheDir;
    long cacheBytes;

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
        this.maxAttempts = options.maxAttempts;
        this.retryBudget = options.retryBudget;
        this.connectTimeout = options.connectTimeout;
        this.firstByteTimeout = options.firstByteTimeout;
        this.readIdleTimeout = options.readIdleTimeout;
        this.requestTimeout = options.requestTimeout;
        this.maxObjectBytes = options.maxObjectBytes;
        this.maxPartBytes = options.maxPartBytes;
        this.verifyChecksums = options.verifyChecksums;
        this.cacheDir = options.cacheDir;
        this.cacheBytes = options.cacheBytes;
    }

    /**
     * Sets where the items are, as {@code s3://bucket/prefix} (the prefix may be empty).
     *
     * @param url the bucket and prefix
     * @return this builder
     */
    public S3SourceBuilder setUrl(String url) {
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
     * Caps how many times a request is tried before a transient failure is given up on; default no
     * cap: the {@linkplain #optRetryBudget retry budget} decides.
     *
     * @param maxAttempts the attempts per request, at least 1
     * @return this builder
     */
    public S3SourceBuilder optMaxAttempts(int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts < 1: " + maxAttempts);
        }
        this.maxAttempts = maxAttempts;
        return this;
    }

    /**
     * Sets how long a request (one GET, one LIST page) is retried after its first attempt started;
     * default 30 seconds, enough to ride out a store restart or a throttling burst. No attempt
     * starts after the budget, so a key that never succeeds is reported (a bad item naming it) at
     * most one attempt after it: within the budget plus the {@linkplain #optFirstByteTimeout
     * first-byte timeout} (which covers the connect) plus the {@linkplain #optReadIdleTimeout
     * read-idle timeout}, 45 seconds with the defaults, unless its body keeps dripping bytes, which
     * the {@linkplain #optRequestTimeout request timeout} bounds. The same holds for shards of
     * every store.
     *
     * @param budget a positive duration
     * @return this builder
     */
    public S3SourceBuilder optRetryBudget(Duration budget) {
        this.retryBudget = positive(budget, "retryBudget");
        return this;
    }

    /**
     * Sets how long opening a connection may take; default 2 seconds.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optConnectTimeout(Duration timeout) {
        this.connectTimeout = positive(timeout, "connectTimeout");
        return this;
    }

    /**
     * Sets how long the response headers may take from the start of an attempt (waiting for a
     * pooled connection, connecting and sending included); default 10 seconds.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optFirstByteTimeout(Duration timeout) {
        this.firstByteTimeout = positive(timeout, "firstByteTimeout");
        return this;
    }

    /**
     * Sets how long a body may go without a byte arriving before the attempt is abandoned (and
     * retried); default 5 seconds. A slow body that keeps moving is never cut by this.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optReadIdleTimeout(Duration timeout) {
        this.readIdleTimeout = positive(timeout, "readIdleTimeout");
        return this;
    }

    /**
     * Sets the limit on the whole of one request attempt, a backstop for bodies that drip without
     * end; default 5 minutes. Stalls are caught earlier by the phase timeouts.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optRequestTimeout(Duration timeout) {
        this.requestTimeout = positive(timeout, "requestTimeout");
        return this;
    }

    /**
     * Sets the largest object read, checked from the Content-Length header before the body is read;
     * a larger object is a bad item ("object too large"); default 64 MiB. {@link #buildSamples}
     * limits its part objects with {@link #optMaxPartBytes} instead.
     *
     * @param maxBytes the limit in bytes, from 1 to {@code Integer.MAX_VALUE - 8}
     * @return this builder
     */
    public S3SourceBuilder optMaxObjectBytes(long maxBytes) {
        if (maxBytes < 1 || maxBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxObjectBytes out of range: " + maxBytes);
        }
        this.maxObjectBytes = maxBytes;
        return this;
    }

    /**
     * Sets the largest part object read by an {@link S3SampleSource}, checked from the
     * Content-Length header before the body is read; a larger part makes its sample a bad item
     * ("object too large"); default {@link SampleFolderSource#DEFAULT_MAX_PART_BYTES}.
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
        if (maxBytes < 1) {
            throw new IllegalArgumentException("cache maxBytes < 1: " + maxBytes);
        }
        this.cacheDir = Objects.requireNonNull(dir, "dir");
        this.cacheBytes = maxBytes;
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
        S3Settings s3 = S3Settings.of(buildOptions(), maxObjectBytes);
        S3Objects objects = objects(at, s3);
        S3Items items = new S3Items(objects, s3.pageTimeout(), manifestKey, manifestFile);
        return new S3Source(objects, new ListOnce<>(items::list));
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
        S3Settings s3 = S3Settings.of(buildOptions(), maxPartBytes);
        S3Objects objects = objects(at, s3);
        S3Items items = new S3Items(objects, s3.pageTimeout(), null, null);
        return new S3SampleSource(objects, new ListOnce<>(items::samples), decoder);
    }

    private BucketPrefix url() {
        if (location == null) {
            throw new IllegalStateException("setUrl(\"s3://bucket/prefix\") is required");
        }
        return location;
    }

    /** The cache, then the client: a cache that cannot be opened leaves no client to close. */
    private S3Objects objects(BucketPrefix at, S3Settings s3) throws IOException {
        DiskCache cache = cacheDir == null ? null : new DiskCache(cacheDir, cacheBytes);
        S3Clients clients = s3.clients();
        return new S3Objects(at, clients, s3.reader(clients, at), s3.retrier(), cache);
    }

    private static Duration positive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " not positive: " + d);
        }
        return d;
    }
}
