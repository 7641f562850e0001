package dev.asyncdataset.internal.s3;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * The client options users set for S3, as the public {@code S3Options} gives them, so that {@link
 * S3Settings#of} makes the settings of every S3 reader and writer from them in one place.
 */
public interface S3ClientOptions {

    /**
     * Returns the S3-compatible endpoint, or null for AWS.
     *
     * @return the S3-compatible endpoint, or null for AWS
     */
    URI endpoint();

    /**
     * Returns whether to use path-style URLs.
     *
     * @return whether to use path-style URLs
     */
    boolean pathStyle();

    /**
     * Returns the region, or null for the SDK's provider chain.
     *
     * @return the region, or null for the SDK's provider chain
     */
    Region region();

    /**
     * Returns the credentials provider, or null for the AWS default chain.
     *
     * @return the credentials provider, or null for the AWS default chain
     */
    AwsCredentialsProvider credentials();

    /**
     * Returns the size of the connection pool.
     *
     * @return the size of the connection pool
     */
    int maxConnections();

    /**
     * Returns the attempts per request.
     *
     * @return the attempts per request
     */
    int maxAttempts();

    /**
     * Returns how long a request is retried after its first attempt started.
     *
     * @return how long a request is retried after its first attempt started
     */
    Duration retryBudget();

    /**
     * Returns how long opening a connection may take.
     *
     * @return how long opening a connection may take
     */
    Duration connectTimeout();

    /**
     * Returns how long the response headers may take from the start of an attempt.
     *
     * @return how long the response headers may take from the start of an attempt
     */
    Duration firstByteTimeout();

    /**
     * Returns how long a body may go without a byte.
     *
     * @return how long a body may go without a byte
     */
    Duration readIdleTimeout();

    /**
     * Returns the limit on the whole of one attempt.
     *
     * @return the limit on the whole of one attempt
     */
    Duration requestTimeout();

    /**
     * Returns whether to check bodies against the store's checksum.
     *
     * @return whether to check bodies against the store's checksum
     */
    boolean verifyChecksums();
}
