package dev.asyncdataset.store;

import dev.asyncdataset.store.azure.AzureCredentials;
import dev.asyncdataset.store.s3.S3Options;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * The settings every store is read with, whatever its scheme: the attempts and retry budget of a
 * request, its phase timeouts, the largest loose object read, and the {@code Authorization} header
 * of HTTP(S) and registered stores. The library bounds every call to a store (list, stat, open,
 * read) by them. Made by {@link #builder()}; what is S3's own (endpoint, region, credentials,
 * checksums) is in {@link #s3()}. The authorization never appears in {@link #toString}.
 */
public final class StoreOptions {

    /** The environment variable the {@code Authorization} header's value is taken from. */
    public static final String AUTHORIZATION_ENV = "ASYNC_DATASET_AUTHORIZATION";

    private final StoreOptionsBuilder options;

    StoreOptions(StoreOptionsBuilder options) {
        this.options = new StoreOptionsBuilder(options);
    }

    /**
     * Returns a builder with every default.
     *
     * @return a new builder
     */
    public static StoreOptionsBuilder builder() {
        return new StoreOptionsBuilder();
    }

    /**
     * Returns a builder with these options, to change some of them.
     *
     * @return a new builder
     */
    public StoreOptionsBuilder toBuilder() {
        return new StoreOptionsBuilder(options);
    }

    /**
     * Returns S3's own settings ({@link StoreOptionsBuilder#optS3}).
     *
     * @return the S3 settings
     */
    public S3Options s3() {
        return options.s3;
    }

    /**
     * Returns the credentials of {@code az://} locations ({@link StoreOptionsBuilder#optAzure}).
     *
     * @return the credentials, or {@code null} for the environment's
     */
    public AzureCredentials azure() {
        return options.azure;
    }

    /**
     * Returns the Hugging Face Hub's address ({@link StoreOptionsBuilder#optHubEndpoint}).
     *
     * @return the endpoint without a trailing slash, or {@code null} for the default
     */
    public String hubEndpoint() {
        return options.hubEndpoint;
    }

    /**
     * Returns the attempts of one request ({@link StoreOptionsBuilder#optMaxAttempts}).
     *
     * @return the most attempts
     */
    public int maxAttempts() {
        return options.maxAttempts;
    }

    /**
     * Returns how long a request is retried ({@link StoreOptionsBuilder#optRetryBudget}).
     *
     * @return the retry budget
     */
    public Duration retryBudget() {
        return options.retryBudget;
    }

    /**
     * Returns how long opening a connection may take ({@link
     * StoreOptionsBuilder#optConnectTimeout}).
     *
     * @return the connect timeout
     */
    public Duration connectTimeout() {
        return options.connectTimeout;
    }

    /**
     * Returns how long a response's headers may take ({@link
     * StoreOptionsBuilder#optFirstByteTimeout}).
     *
     * @return the first-byte timeout
     */
    public Duration firstByteTimeout() {
        return options.firstByteTimeout;
    }

    /**
     * Returns how long a body may go without a byte ({@link
     * StoreOptionsBuilder#optReadIdleTimeout}).
     *
     * @return the read-idle timeout
     */
    public Duration readIdleTimeout() {
        return options.readIdleTimeout;
    }

    /**
     * Returns the limit on one attempt ({@link StoreOptionsBuilder#optRequestTimeout}).
     *
     * @return the request timeout
     */
    public Duration requestTimeout() {
        return options.requestTimeout;
    }

    /**
     * Returns the largest loose object read ({@link StoreOptionsBuilder#optMaxObjectBytes}).
     *
     * @return the object size limit
     */
    public long maxObjectBytes() {
        return options.maxObjectBytes;
    }

    /**
     * Returns where the {@code Authorization} header's value comes from ({@link
     * StoreOptionsBuilder#optAuthorization}), asked once each time a store is opened.
     *
     * @return the provider, which gives null for no header
     */
    public Supplier<String> authorization() {
        return options.authorization;
    }

    /** The options without the authorization. */
    @Override
    public String toString() {
        return "StoreOptions[maxAttempts="
                + maxAttempts()
                + ", retryBudget="
                + retryBudget()
                + ", connectTimeout="
                + connectTimeout()
                + ", firstByteTimeout="
                + firstByteTimeout()
                + ", readIdleTimeout="
                + readIdleTimeout()
                + ", requestTimeout="
                + requestTimeout()
                + ", maxObjectBytes="
                + maxObjectBytes()
                + ", s3="
                + s3()
                + ", azure="
                + azure()
                + ", hubEndpoint="
                + hubEndpoint()
                + "]";
    }
}
