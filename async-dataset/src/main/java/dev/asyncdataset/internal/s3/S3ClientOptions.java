package dev.asyncdataset.internal.s3;

import dev.asyncdataset.store.StoreOptions;
import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * The client options users set for S3 and the store-neutral options S3 is read with, as the public
 * {@code S3Options} gives them, so that {@link S3Settings#of} makes the settings of every S3 reader
 * and writer from them in one place.
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
     * Returns the attempts, retry budget and timeouts S3 shares with every store.
     *
     * @return the store-neutral options
     */
    StoreOptions store();

    /**
     * Returns whether to check bodies against the store's checksum.
     *
     * @return whether to check bodies against the store's checksum
     */
    boolean verifyChecksums();
}
