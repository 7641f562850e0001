package dev.asyncdataset.internal.s3;

import static software.amazon.awssdk.core.client.config.SdkAdvancedAsyncClientOption.FUTURE_COMPLETION_EXECUTOR;

import dev.asyncdataset.internal.io.Retrier;
import dev.asyncdataset.internal.io.TlsProbe;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.s3.S3Options;
import io.netty.channel.ChannelOption;
import java.net.URI;
import java.time.Duration;
import java.util.function.Predicate;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.regions.providers.DefaultAwsRegionProviderChain;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3BaseClientBuilder;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * How the library talks to S3, whoever reads or writes: the client (endpoint, addressing, region,
 * credentials, pool, timeouts), the retry budget and the limits of a GET, made from the options
 * users set ({@link #of}) and given to every S3 reader and writer. Credentials are held only by the
 * SDK's provider and never appear in {@link #toString}.
 *
 * @param endpoint the S3-compatible endpoint, or null for AWS
 * @param pathStyle whether to use path-style URLs
 * @param region the region, or null for the SDK's provider chain (else us-east-1, cross-region)
 * @param credentials the credentials provider, or null for the AWS default chain
 * @param maxConnections the size of the connection pool
 * @param maxAttempts the attempts per request
 * @param retryBudget how long a request is retried after its first attempt started
 * @param connectTimeout how long opening a connection may take
 * @param firstByteTimeout how long the response headers may take from the start of an attempt
 * @param readIdleTimeout how long a body may go without a byte
 * @param requestTimeout the limit on the whole of one attempt
 * @param maxObjectBytes the largest object read
 * @param verifyChecksums whether to check bodies against the store's checksum
 */
public record S3Settings(
        URI endpoint,
        boolean pathStyle,
        Region region,
        AwsCredentialsProvider credentials,
        int maxConnections,
        int maxAttempts,
        Duration retryBudget,
        Duration connectTimeout,
        Duration firstByteTimeout,
        Duration readIdleTimeout,
        Duration requestTimeout,
        long maxObjectBytes,
        boolean verifyChecksums) {

    /**
     * The settings of S3's client options in {@code store}, with its attempts, budget and timeouts,
     * reading objects of at most {@code maxObjectBytes}.
     */
    public static S3Settings of(StoreOptions store, long maxObjectBytes) {
        S3Options options = store.s3();
        return new S3Settings(
                options.endpoint(),
                options.pathStyle(),
                options.region(),
                options.credentials(),
                options.maxConnections(),
                store.maxAttempts(),
                store.retryBudget(),
                store.connectTimeout(),
                store.firstByteTimeout(),
                store.readIdleTimeout(),
                store.requestTimeout(),
                maxObjectBytes,
                options.verifyChecksums());
    }

    /**
     * A retrier with these attempts and budget, for S3's transient failures, which asks an {@code
     * https} endpoint for a handshake of its own when a first contact ends with only a closed
     * connection ({@link TlsProbe}: the Netty client hides a plain-HTTP port's answer so).
     */
    public Retrier retrier() {
        return new Retrier(
                maxAttempts,
                retryBudget,
                Retrier.BASE_DELAY,
                Retrier.MAX_DELAY,
                S3Errors::isTransient,
                new TlsProbe(endpoint, connectTimeout, firstByteTimeout));
    }

    /**
     * A retrier with these attempts and budget, for another form of S3's failures, which asks the
     * endpoint for a handshake as {@link #retrier()} does.
     */
    public Retrier probingRetrier(Predicate<Throwable> isTransient) {
        return new Retrier(
                maxAttempts,
                retryBudget,
                Retrier.BASE_DELAY,
                Retrier.MAX_DELAY,
                isTransient,
                new TlsProbe(endpoint, connectTimeout, firstByteTimeout));
    }

    /** How long one LIST page may take before it counts as a transient failure. */
    public Duration pageTimeout() {
        return firstByteTimeout.plus(readIdleTimeout);
    }

    /** The clients with these settings, each built when first needed. */
    public S3Clients clients() {
        return new S3Clients(this);
    }

    /**
     * How long a GET or HEAD may wait for its response headers: the first-byte timeout or, if
     * shorter, the request timeout.
     */
    public Duration headersTimeout() {
        return firstByteTimeout.compareTo(requestTimeout) <= 0 ? firstByteTimeout : requestTimeout;
    }

    /**
     * The blocking client with these settings on an Apache HTTP client of its own ({@link
     * #apacheClient()}), which it closes.
     */
    public S3Client syncClient() {
        return configured(S3Client.builder()).httpClientBuilder(apacheClient()).build();
    }

    /**
     * The blocking client with these settings on {@code http}, which it leaves open: the GETs of
     * {@link SignedGets} share its connections. It retries nothing itself (the {@link Retrier}
     * does) and adds no request checksum of its own.
     */
    S3Client syncClient(SdkHttpClient http) {
        return configured(S3Client.builder()).httpClient(http).build();
    }

    /**
     * The Apache HTTP client of GETs on the calling (virtual) thread: a pool of {@code
     * maxConnections}, the socket timeout at the longer of the first-byte and read-idle timeouts
     * (the store's reads enforce each), no idle-connection reaper thread.
     */
    ApacheHttpClient.Builder apacheClient() {
        return ApacheHttpClient.builder()
                .maxConnections(maxConnections)
                .connectionTimeout(connectTimeout)
                .socketTimeout(longer(firstByteTimeout, readIdleTimeout))
                .connectionAcquisitionTimeout(firstByteTimeout)
                .useIdleConnectionReaper(false);
    }

    /**
     * The asynchronous client with these settings on the shared transport ({@link S3Transport}),
     * for listings and the shard writer's uploads. It retries nothing itself (the {@link Retrier}
     * does) and adds no request checksum of its own: the shard writer sends CRC32 headers it
     * computes with each part.
     */
    public S3AsyncClient asyncClient() {
        return configured(S3AsyncClient.builder())
                .httpClientBuilder(httpClient())
                .asyncConfiguration(
                        a -> a.advancedOption(FUTURE_COMPLETION_EXECUTOR, S3Transport.COMPLETIONS))
                .build();
    }

    /**
     * {@code builder} set to these settings' endpoint, addressing, region and credentials, with no
     * retries of its own, the request timeout per attempt, its timers on the library's timer
     * thread, and request checksums only where an operation requires one.
     */
    private <B extends S3BaseClientBuilder<B, ?>> B configured(B builder) {
        builder.forcePathStyle(pathStyle)
                .region(region != null ? region : defaultRegion())
                .crossRegionAccessEnabled(region == null)
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .overrideConfiguration(
                        c ->
                                c.retryStrategy(AwsRetryStrategy.doNotRetry())
                                        .apiCallAttemptTimeout(requestTimeout)
                                        .scheduledExecutorService(S3Timer.TIMER));
        if (endpoint != null) {
            builder.endpointOverride(endpoint);
        }
        if (credentials != null) {
            builder.credentialsProvider(credentials);
        }
        return builder;
    }

    private NettyNioAsyncHttpClient.Builder httpClient() {
        return NettyNioAsyncHttpClient.builder()
                .eventLoopGroup(S3Transport.EVENT_LOOP)
                .putChannelOption(ChannelOption.ALLOCATOR, S3Transport.ALLOCATOR)
                .maxConcurrency(maxConnections)
                .connectionTimeout(connectTimeout)
                .readTimeout(longer(firstByteTimeout, readIdleTimeout))
                .connectionAcquisitionTimeout(firstByteTimeout);
    }

    private static Duration longer(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static Region defaultRegion() {
        try {
            return new DefaultAwsRegionProviderChain().getRegion();
        } catch (RuntimeException e) {
            return Region.US_EAST_1;
        }
    }

    /** The settings without the credentials provider. */
    @Override
    public String toString() {
        return "S3Settings[endpoint="
                + endpoint
                + ", region="
                + region
                + ", maxConnections="
                + maxConnections
                + ", retryBudget="
                + retryBudget
                + "]";
    }
}
