package dev.asyncdataset.source.s3;

import dev.asyncdataset.internal.s3.S3ClientOptions;
import dev.asyncdataset.store.StoreOptions;
import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.regions.Region;

/**
 * Every option of an {@link S3SourceBuilder} but its URL, as one value that does not change: what
 * the tar shard sources and the shard writer reach S3 with ({@code optS3}), and where {@link
 * S3Source#builder(S3Options)} starts a builder. S3's own options (endpoint, addressing, region,
 * credentials, connections, checksums) are here; the attempts, retry budget, timeouts and object
 * size limit every store shares are its {@link #store()}. Made by {@link
 * S3SourceBuilder#buildOptions()}, which has checked every value. Credentials are held only by the
 * SDK's provider.
 */
public final class S3Options implements S3ClientOptions {

    /** A copy of the builder's options that nothing else holds, so that they never change. */
    final S3SourceBuilder options;

    private final StoreOptions store;

    S3Options(S3SourceBuilder options) {
        this.options = new S3SourceBuilder(options);
        this.store = options.store.build();
    }

    /**
     * Returns the attempts, retry budget, timeouts and object size limit ({@link
     * S3SourceBuilder#optStore}), which apply to S3 as to every other store.
     *
     * @return the store-neutral options
     */
    @Override
    public StoreOptions store() {
        return store;
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
     * Returns {@code store().maxAttempts()}.
     *
     * @return {@link StoreOptions#maxAttempts()}
     * @deprecated use {@link #store()}{@code .maxAttempts()}, the store-neutral options
     */
    @Deprecated(forRemoval = true)
    public int maxAttempts() {
        return store.maxAttempts();
    }

    /**
     * Returns {@code store().retryBudget()}.
     *
     * @return {@link StoreOptions#retryBudget()}
     * @deprecated use {@link #store()}{@code .retryBudget()}, the store-neutral options
     */
    @Deprecated(forRemoval = true)
    public Duration retryBudget() {
        return store.retryBudget();
    }

    /**
     * Returns {@code store().connectTimeout()}.
     *
     * @return {@link StoreOptions#connectTimeout()}
     * @deprecated use {@link #store()}{@code .connectTimeout()}, the store-neutral options
     */
    @Deprecated(forRemoval = true)
    public Duration connectTimeout() {
        return store.connectTimeout();
    }

    /**
     * Returns {@code store().firstByteTimeout()}.
     *
     * @return {@link StoreOptions#firstByteTimeout()}
     * @deprecated use {@link #store()}{@code .firstByteTimeout()}, the store-neutral options
     */
    @Deprecated(forRemoval = true)
    public Duration firstByteTimeout() {
        return store.firstByteTimeout();
    }

    /**
     * Returns {@code store().readIdleTimeout()}.
     *
     * @return {@link StoreOptions#readIdleTimeout()}
     * @deprecated use {@link #store()}{@code .readIdleTimeout()}, the store-neutral options
     */
    @Deprecated(forRemoval = true)
    public Duration readIdleTimeout() {
        return store.readIdleTimeout();
    }

    /**
     * Returns {@code store().requestTimeout()}.
     *
     * @return {@link StoreOptions#requestTimeout()}
     * @deprecated use {@link #store()}{@code .requestTimeout()}, the store-neutral options
     */
    @Deprecated(forRemoval = true)
    public Duration requestTimeout() {
        return store.requestTimeout();
    }

    /**
     * Returns {@code store().maxObjectBytes()}.
     *
     * @return {@link StoreOptions#maxObjectBytes()}
     * @deprecated use {@link #store()}{@code .maxObjectBytes()}, the store-neutral options
     */
    @Deprecated(forRemoval = true)
    public long maxObjectBytes() {
        return store.maxObjectBytes();
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
