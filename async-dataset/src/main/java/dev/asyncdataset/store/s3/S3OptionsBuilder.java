package dev.asyncdataset.store.s3;

import java.net.URI;
import java.util.Objects;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * Builds {@link S3Options}: every option has a default, each argument is checked when given.
 * Credentials are held only by the SDK's provider and never appear in messages or {@code toString}.
 */
public final class S3OptionsBuilder {

    URI endpoint;
    boolean pathStyle;
    Region region;
    AwsCredentialsProvider credentials;
    int maxConnections = 256;
    boolean verifyChecksums = true;

    S3OptionsBuilder() {}

    /** A builder with the settings of {@code options}. */
    S3OptionsBuilder(S3OptionsBuilder options) {
        this.endpoint = options.endpoint;
        this.pathStyle = options.pathStyle;
        this.region = options.region;
        this.credentials = options.credentials;
        this.maxConnections = options.maxConnections;
        this.verifyChecksums = options.verifyChecksums;
    }

    /**
     * Sends requests to {@code endpoint} instead of AWS, for S3-compatible stores (MinIO, Ceph,
     * S3Proxy); most of them also need {@link #optPathStyle}.
     *
     * @param endpoint such as {@code http://localhost:9000}
     * @return this builder
     */
    public S3OptionsBuilder optEndpoint(URI endpoint) {
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
    public S3OptionsBuilder optPathStyle(boolean pathStyle) {
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
    public S3OptionsBuilder optRegion(String region) {
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
    public S3OptionsBuilder optCredentials(String accessKeyId, String secretAccessKey) {
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
    public S3OptionsBuilder optCredentialsProvider(AwsCredentialsProvider provider) {
        this.credentials = Objects.requireNonNull(provider, "provider");
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
    public S3OptionsBuilder optMaxConnections(int maxConnections) {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections < 1: " + maxConnections);
        }
        this.maxConnections = maxConnections;
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
    public S3OptionsBuilder optVerifyChecksums(boolean verify) {
        this.verifyChecksums = verify;
        return this;
    }

    /**
     * Returns the settings.
     *
     * @return the settings, which do not change
     */
    public S3Options build() {
        return new S3Options(this);
    }
}
