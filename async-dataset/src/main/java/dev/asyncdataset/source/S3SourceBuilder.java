package dev.asyncdataset.source;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3AsyncClient;

/**
 * Builds an {@link S3Source}: {@code setUrl} is required, every {@code opt} method has a default.
 * Arguments are checked when given. Credentials are held only by the SDK's provider and never
 * appear in messages or {@code toString}.
 */
public final class S3SourceBuilder {

    static final Duration BASE_DELAY = Duration.ofMillis(50);
    static final Duration MAX_DELAY = Duration.ofSeconds(5);

    private S3Location location;
    private URI endpoint;
    private boolean pathStyle;
    private Region region;
    private AwsCredentialsProvider credentials;
    private String manifestKey;
    private Path manifestFile;
    private int maxConnections = 256;
    private int maxAttempts = 5;
    private Duration requestTimeout = Duration.ofSeconds(30);
    private Path cacheDir;
    private long cacheBytes;

    S3SourceBuilder() {}

    /**
     * Sets where the items are, as {@code s3://bucket/prefix} (the prefix may be empty).
     *
     * @param url the bucket and prefix
     * @return this builder
     */
    public S3SourceBuilder setUrl(String url) {
        this.location = S3Location.parse(url);
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
     * Lists the items from a manifest object in the same bucket instead of the folder layout.
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
     * Lists the items from a local manifest file instead of the folder layout.
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
     * Sets how many times a GET is tried before a transient failure is given up on; default 5.
     *
     * @param maxAttempts the attempts per item, at least 1
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
     * Sets the time limit of one request attempt; default 30 seconds.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public S3SourceBuilder optRequestTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("requestTimeout not positive: " + timeout);
        }
        this.requestTimeout = timeout;
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
     * Creates the client and lists the items.
     *
     * @return the source
     * @throws IOException if listing or reading the manifest fails
     * @throws IllegalStateException if no URL was set
     */
    public S3Source build() throws IOException {
        if (location == null) {
            throw new IllegalStateException("setUrl(\"s3://bucket/prefix\") is required");
        }
        DiskCache cache = cacheDir == null ? null : new DiskCache(cacheDir, cacheBytes);
        S3AsyncClient client = client();
        try {
            Retrier retrier =
                    new Retrier(maxAttempts, BASE_DELAY, MAX_DELAY, S3Errors::isTransient);
            return new S3Source(location, client, items(client, retrier), retrier, cache);
        } catch (IOException | RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private LabeledKeys items(S3AsyncClient client, Retrier retrier) throws IOException {
        try {
            if (manifestFile != null) {
                try (BufferedReader reader = Files.newBufferedReader(manifestFile)) {
                    return Manifest.parse(reader, manifestFile.toString());
                }
            }
            if (manifestKey != null) {
                String text =
                        retrier.call(() -> S3Listing.read(client, location.bucket(), manifestKey));
                return Manifest.parse(
                        new BufferedReader(new StringReader(text)), location.url(manifestKey));
            }
            return retrier.call(() -> S3Listing.folderLayout(client, location));
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("cannot list " + location.url(location.prefix()), e);
        }
    }

    private S3AsyncClient client() {
        var builder =
                S3AsyncClient.builder()
                        .httpClientBuilder(
                                NettyNioAsyncHttpClient.builder()
                                        .eventLoopGroup(SharedEventLoop.GROUP)
                                        .maxConcurrency(maxConnections)
                                        .connectionAcquisitionTimeout(requestTimeout))
                        .forcePathStyle(pathStyle)
                        .region(region != null ? region : defaultRegion())
                        .crossRegionAccessEnabled(region == null)
                        .overrideConfiguration(
                                c ->
                                        c.retryStrategy(AwsRetryStrategy.doNotRetry())
                                                .apiCallAttemptTimeout(requestTimeout));
        if (endpoint != null) {
            builder.endpointOverride(endpoint);
        }
        if (credentials != null) {
            builder.credentialsProvider(credentials);
        }
        return builder.build();
    }

    /**
     * One Netty event loop for all sources, on daemon threads. The SDK does not shut down a group
     * it was given, so closing a source does not wait out Netty's 2-second graceful shutdown of a
     * per-client group.
     */
    private static final class SharedEventLoop {
        static final SdkEventLoopGroup GROUP =
                SdkEventLoopGroup.builder()
                        .threadFactory(
                                Thread.ofPlatform().daemon().name("async-dataset-s3-", 0).factory())
                        .build();
    }

    private static Region defaultRegion() {
        try {
            return new DefaultAwsRegionProviderChain().getRegion();
        } catch (RuntimeException e) {
            return Region.US_EAST_1;
        }
    }
}
