package dev.asyncdataset.source.s3;

import dev.asyncdataset.internal.s3.S3ClientOptions;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * Every option of an {@link S3SourceBuilder} but its URL, as one value that does not change: what
 * the tar shard sources and the shard writer reach S3 with ({@code optS3}), and where {@link
 * S3Source#builder(S3Options)} starts a builder. Made by {@link S3SourceBuilder#buildOptions()},
 * which has checked every value. Credentials are held only by the SDK's provider.
 */
public final class S3Options implements S3ClientOptions {

    final URI endpoint;
    final boolean pathStyle;
    final Region region;
    final AwsCredentialsProvider credentials;
    final String manifestKey;
    final Path manifestFile;
    final int maxConnections;
    final int maxAttempts;
    final Duration retryBudget;
    final Duration connectTimeout;
    final Duration firstByteTimeout;
    final Duration readIdleTimeout;
    final Duration requestTimeout;
    final long maxObjectBytes;
    final long maxPartBytes;
    final boolean verifyChecksums;
    final Path cacheDir;
    final long cacheBytes;

    S3Options(S3SourceBuilder options) {
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
     * Returns the S3-compatible endpoint ({@link S3SourceBuilder#optEndpoint}).
     *
     * @return the endpoint, or null for AWS
     */
    @Override
    public URI endpoint() {
        return endpoint;
    }

    /**
     * Returns whether URLs are path-style ({@link S3SourceBuilder#optPathStyle}).
     *
     * @return whether to use path-style access
     */
    @Override
    public boolean pathStyle() {
        return pathStyle;
    }

    /**
     * Returns the region ({@link S3SourceBuilder#optRegion}).
     *
     * @return the region, or null for the SDK's region provider chain
     */
    @Override
    public Region region() {
        return region;
    }

    /**
     * Returns where credentials come from ({@link S3SourceBuilder#optCredentialsProvider}).
     *
     * @return the provider, or null for the AWS default provider chain
     */
    @Override
    public AwsCredentialsProvider credentials() {
        return credentials;
    }

    /**
     * Returns the size of the connection pool ({@link S3SourceBuilder#optMaxConnections}).
     *
     * @return the most connections
     */
    @Override
    public int maxConnections() {
        return maxConnections;
    }

    /**
     * Returns the attempts of one request ({@link S3SourceBuilder#optMaxAttempts}).
     *
     * @return the most attempts
     */
    @Override
    public int maxAttempts() {
        return maxAttempts;
    }

    /**
     * Returns how long a request is retried ({@link S3SourceBuilder#optRetryBudget}).
     *
     * @return the retry budget
     */
    @Override
    public Duration retryBudget() {
        return retryBudget;
    }

    /**
     * Returns how long opening a connection may take ({@link S3SourceBuilder#optConnectTimeout}).
     *
     * @return the connect timeout
     */
    @Override
    public Duration connectTimeout() {
        return connectTimeout;
    }

    /**
     * Returns how long a response's headers may take ({@link S3SourceBuilder#optFirstByteTimeout}).
     *
     * @return the first-byte timeout
     */
    @Override
    public Duration firstByteTimeout() {
        return firstByteTimeout;
    }

    /**
     * Returns how long a body may go without a byte ({@link S3SourceBuilder#optReadIdleTimeout}).
     *
     * @return the read-idle timeout
     */
    @Override
    public Duration readIdleTimeout() {
        return readIdleTimeout;
    }

    /**
     * Returns the limit on one attempt ({@link S3SourceBuilder#optRequestTimeout}).
     *
     * @return the request timeout
     */
    @Override
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /**
     * Returns the largest object an {@link S3Source} reads ({@link
     * S3SourceBuilder#optMaxObjectBytes}).
     *
     * @return the object size limit
     */
    public long maxObjectBytes() {
        return maxObjectBytes;
    }

    /**
     * Returns whether bodies are checked against the store's checksum ({@link
     * S3SourceBuilder#optVerifyChecksums}).
     *
     * @return whether checksums are verified
     */
    @Override
    public boolean verifyChecksums() {
        return verifyChecksums;
    }
}
