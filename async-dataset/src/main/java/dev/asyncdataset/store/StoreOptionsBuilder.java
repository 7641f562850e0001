package dev.asyncdataset.store;

import dev.asyncdataset.store.azure.AzureCredentials;
import dev.asyncdataset.store.s3.S3Options;
import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/** Builds {@link StoreOptions}: every option has a default, each argument is checked when given. */
public final class StoreOptionsBuilder {

    int maxAttempts = Integer.MAX_VALUE;
    Duration retryBudget = Duration.ofSeconds(30);
    Duration connectTimeout = Duration.ofSeconds(2);
    Duration firstByteTimeout = Duration.ofSeconds(10);
    Duration readIdleTimeout = Duration.ofSeconds(5);
    Duration requestTimeout = Duration.ofMinutes(5);
    long maxObjectBytes = 64L << 20;
    Supplier<String> authorization = () -> System.getenv(StoreOptions.AUTHORIZATION_ENV);
    S3Options s3 = S3Options.builder().build();
    String hubEndpoint;
    AzureCredentials azure;

    StoreOptionsBuilder() {}

    StoreOptionsBuilder(StoreOptionsBuilder from) {
        this.maxAttempts = from.maxAttempts;
        this.retryBudget = from.retryBudget;
        this.connectTimeout = from.connectTimeout;
        this.firstByteTimeout = from.firstByteTimeout;
        this.readIdleTimeout = from.readIdleTimeout;
        this.requestTimeout = from.requestTimeout;
        this.maxObjectBytes = from.maxObjectBytes;
        this.authorization = from.authorization;
        this.s3 = from.s3;
        this.hubEndpoint = from.hubEndpoint;
        this.azure = from.azure;
    }

    /**
     * Caps how many times a request is tried before a transient failure is given up on; default no
     * cap: the {@linkplain #optRetryBudget retry budget} decides.
     *
     * @param maxAttempts the attempts per request, at least 1
     * @return this builder
     */
    public StoreOptionsBuilder optMaxAttempts(int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts < 1: " + maxAttempts);
        }
        this.maxAttempts = maxAttempts;
        return this;
    }

    /**
     * Sets how long a request (a GET, a listing, a stat) is retried after its first attempt
     * started; default 30 seconds, enough to ride out a store restart or a throttling burst. No
     * attempt starts after the budget, so an object that never succeeds is reported (a bad item
     * naming it) at most one attempt after it: within the budget plus the {@linkplain
     * #optFirstByteTimeout first-byte timeout} (which covers the connect) plus the {@linkplain
     * #optReadIdleTimeout read-idle timeout}, 45 seconds with the defaults, unless its body keeps
     * dripping bytes, which the {@linkplain #optRequestTimeout request timeout} bounds.
     *
     * @param budget a positive duration
     * @return this builder
     */
    public StoreOptionsBuilder optRetryBudget(Duration budget) {
        this.retryBudget = positive(budget, "retryBudget");
        return this;
    }

    /**
     * Sets how long opening a connection may take; default 2 seconds.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public StoreOptionsBuilder optConnectTimeout(Duration timeout) {
        this.connectTimeout = positive(timeout, "connectTimeout");
        return this;
    }

    /**
     * Sets how long the response headers may take from the start of an attempt (waiting for a
     * pooled connection, connecting and sending included); default 10 seconds. A store's stat or
     * open that has not answered within twice this and the connect timeout together is abandoned
     * and retried, whatever the store does.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public StoreOptionsBuilder optFirstByteTimeout(Duration timeout) {
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
    public StoreOptionsBuilder optReadIdleTimeout(Duration timeout) {
        this.readIdleTimeout = positive(timeout, "readIdleTimeout");
        return this;
    }

    /**
     * Sets the limit on the whole of one request attempt (a whole listing included), a backstop for
     * bodies that drip without end; default 5 minutes. Stalls are caught earlier by the phase
     * timeouts.
     *
     * @param timeout a positive duration
     * @return this builder
     */
    public StoreOptionsBuilder optRequestTimeout(Duration timeout) {
        this.requestTimeout = positive(timeout, "requestTimeout");
        return this;
    }

    /**
     * Sets the largest loose object read (an image), checked from its length before the body is
     * read; a larger object is a bad item ("object too large"); default 64 MiB.
     *
     * @param maxBytes the limit in bytes, from 1 to {@code Integer.MAX_VALUE - 8}
     * @return this builder
     */
    public StoreOptionsBuilder optMaxObjectBytes(long maxBytes) {
        if (maxBytes < 1 || maxBytes > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("maxObjectBytes out of range: " + maxBytes);
        }
        this.maxObjectBytes = maxBytes;
        return this;
    }

    /**
     * Takes the {@code Authorization} header of HTTP(S) and registered stores from {@code
     * provider}, asked once each time a store is opened (a null answer sends no header); default:
     * the environment variable {@value StoreOptions#AUTHORIZATION_ENV}, if set. The header goes
     * only to the host of the URL given and is never logged.
     *
     * @param provider gives the header's value
     * @return this builder
     */
    public StoreOptionsBuilder optAuthorization(Supplier<String> provider) {
        this.authorization = Objects.requireNonNull(provider, "provider");
        return this;
    }

    /**
     * Reads and writes {@code s3://} locations with S3's own settings (endpoint, path style,
     * region, credentials, connections, checksums). Default: {@code S3Options.builder().build()}.
     *
     * @param options the S3 settings
     * @return this builder
     */
    public StoreOptionsBuilder optS3(S3Options options) {
        this.s3 = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Reads and writes {@code az://} locations with {@code credentials}; default those of the
     * environment ({@link AzureCredentials#fromEnvironment}).
     *
     * @param credentials the account's credentials
     * @return this builder
     */
    public StoreOptionsBuilder optAzure(AzureCredentials credentials) {
        this.azure = Objects.requireNonNull(credentials, "credentials");
        return this;
    }

    /**
     * Reads {@code hf://} locations from the Hugging Face Hub at {@code endpoint}, a mirror for
     * example; default the environment variable {@code HF_ENDPOINT} if set, else {@code
     * https://huggingface.co}. The Hub's token is the {@linkplain #optAuthorization authorization}
     * ({@code "Bearer " + token}), else the environment variable {@code HF_TOKEN}.
     *
     * @param endpoint an {@code http} or {@code https} URL with a host and no query
     * @return this builder
     */
    public StoreOptionsBuilder optHubEndpoint(String endpoint) {
        Objects.requireNonNull(endpoint, "endpoint");
        URI uri;
        try {
            uri = URI.create(endpoint.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hub endpoint is not a URL: " + endpoint, e);
        }
        String scheme = uri.getScheme();
        if (!("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))
                || uri.getHost() == null
                || uri.getRawQuery() != null) {
            throw new IllegalArgumentException(
                    "hub endpoint is not an http(s) URL with a host and no query: " + endpoint);
        }
        String text = uri.toString();
        this.hubEndpoint = text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
        return this;
    }

    /**
     * Returns the options.
     *
     * @return the options, which do not change
     */
    public StoreOptions build() {
        return new StoreOptions(this);
    }

    private static Duration positive(Duration d, String name) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " not positive: " + d);
        }
        return d;
    }
}
