package dev.asyncdataset.source.s3;

import dev.asyncdataset.internal.s3.S3ClientOptions;
import java.net.URI;
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

    /** A copy of the builder's options that nothing else holds, so that they never change. */
    final S3SourceBuilder options;

    S3Options(S3SourceBuilder options) {
        this.options = new S3SourceBuilder(options);
    }

    /**
     * Returns the S3-compatible endpoint ({@link S3SourceBuilder#optEndpoint}).
     *
     * @return the endpoint, or null for AWS
     */
    @Override
    public URI endpoint() {
        return options.endpoint;
    }

    /**
     * Returns whether URLs are path-style ({@link S3SourceBuilder#optPathStyle}).
     *
     * @return whether to use path-style access
     */
    @Override
    public boolean pathStyle() {
        return options.pathStyle;
    }

    /**
     * Returns the region ({@link S3SourceBuilder#optRegion}).
     *
     * @return the region, or null for the SDK's region provider chain
     */
    @Override
    public Region region() {
        return options.region;
    }

    /**
     * Returns where credentials come from ({@link S3SourceBuilder#optCredentialsProvider}).
     *
     * @return the provider, or null for the AWS default provider chain
     */
    @Override
    public AwsCredentialsProvider credentials() {
        return options.credentials;
    }

    /**
     * Returns the size of the connection pool ({@link S3SourceBuilder#optMaxConnections}).
     *
     * @return the most connections
     */
    @Override
    public int maxConnections() {
        return options.maxConnections;
    }

    /**
     * Returns the attempts of one request ({@link S3SourceBuilder#optMaxAttempts}).
     *
     * @return the most attempts
     */
    @Override
    public int maxAttempts() {
        return options.maxAttempts;
    }

    /**
     * Returns how long a request is retried ({@link S3SourceBuilder#optRetryBudget}).
     *
     * @return the retry budget
     */
    @Override
    public Duration retryBudget() {
        return options.retryBudget;
    }

    /**
     * Returns how long opening a connection may take ({@link S3SourceBuilder#optConnectTimeout}).
     *
     * @return the connect timeout
     */
    @Override
    public Duration connectTimeout() {
        return options.connectTimeout;
    }

    /**
     * Returns how long a response's headers may take ({@link S3SourceBuilder#optFirstByteTimeout}).
     *
     * @return the first-byte timeout
     */
    @Override
    public Duration firstByteTimeout() {
        return options.firstByteTimeout;
    }

    /**
     * Returns how long a body may go without a byte ({@link S3SourceBuilder#optReadIdleTimeout}).
     *
     * @return the read-idle timeout
     */
    @Override
    public Duration readIdleTimeout() {
        return options.readIdleTimeout;
    }

    /**
     * Returns the limit on one attempt ({@link S3SourceBuilder#optRequestTimeout}).
     *
     * @return the request timeout
     */
    @Override
    public Duration requestTimeout() {
        return options.requestTimeout;
    }

    /**
     * Returns the largest object an {@link S3Source} reads ({@link
     * S3SourceBuilder#optMaxObjectBytes}).
     *
     * @return the object size limit
     */
    public long maxObjectBytes() {
        return options.maxObjectBytes;
    }

    /**
     * Returns whether bodies are checked against the store's checksum ({@link
     * S3SourceBuilder#optVerifyChecksums}).
     *
     * @return whether checksums are verified
     */
    @Override
    public boolean verifyChecksums() {
        return options.verifyChecksums;
    }
}
