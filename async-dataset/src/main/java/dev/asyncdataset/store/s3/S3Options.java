package dev.asyncdataset.store.s3;

import java.net.URI;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * S3's own settings (endpoint, addressing, region, credentials, connections, checksums), as one
 * value that does not change, given to a source or writer with {@code
 * StoreOptions.builder().optS3(...)}; the attempts, retry budget, timeouts and object size limit
 * every store shares are {@code StoreOptions}'. Credentials are held only by the SDK's provider and
 * never appear in messages or {@code toString}.
 */
public final class S3Options {

    /** A copy of the builder's settings that nothing else holds, so that they never change. */
    private final S3OptionsBuilder options;

    S3Options(S3OptionsBuilder options) {
        this.options = new S3OptionsBuilder(options);
    }

    /**
     * Returns a builder with every default: AWS, virtual-host addressing, the SDK's region and
     * credentials chains.
     *
     * @return a new builder
     */
    public static S3OptionsBuilder builder() {
        return new S3OptionsBuilder();
    }

    /**
     * Returns the S3-compatible endpoint ({@link S3OptionsBuilder#optEndpoint}).
     *
     * @return the endpoint, or null for AWS
     */
    public URI endpoint() {
        return options.endpoint;
    }

    /**
     * Returns whether URLs are path-style ({@link S3OptionsBuilder#optPathStyle}).
     *
     * @return whether to use path-style access
     */
    public boolean pathStyle() {
        return options.pathStyle;
    }

    /**
     * Returns the region ({@link S3OptionsBuilder#optRegion}).
     *
     * @return the region, or null for the SDK's region provider chain
     */
    public Region region() {
        return options.region;
    }

    /**
     * Returns where credentials come from ({@link S3OptionsBuilder#optCredentialsProvider}).
     *
     * @return the provider, or null for the AWS default chain
     */
    public AwsCredentialsProvider credentials() {
        return options.credentials;
    }

    /**
     * Returns the size of the connection pool ({@link S3OptionsBuilder#optMaxConnections}).
     *
     * @return the most connections open at once
     */
    public int maxConnections() {
        return options.maxConnections;
    }

    /**
     * Returns whether bodies are checked against the store's checksum ({@link
     * S3OptionsBuilder#optVerifyChecksums}).
     *
     * @return whether to check bodies
     */
    public boolean verifyChecksums() {
        return options.verifyChecksums;
    }

    /** The settings, without the credentials. */
    @Override
    public String toString() {
        return "S3Options[endpoint="
                + endpoint()
                + ", pathStyle="
                + pathStyle()
                + ", region="
                + region()
                + ", credentials="
                + (credentials() == null ? "default chain" : "given")
                + ", maxConnections="
                + maxConnections()
                + ", verifyChecksums="
                + verifyChecksums()
                + "]";
    }
}
