package dev.asyncdataset.examples.s3;

import java.net.URI;
import java.util.Properties;
import java.util.UUID;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.blobstore.BlobStore;
import org.gaul.s3proxy.middleware.Middlewares;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;

/**
 * An S3Proxy 4.1.0 server inside this process, on a free loopback port, with an in-memory store and
 * S3Proxy's latency middleware adding a fixed delay to every request, optionally a GET rate limit
 * behind it: a stand-in for remote object storage that needs no network and no account. Credentials
 * are random per server.
 */
public final class EmbeddedS3Proxy implements AutoCloseable {

    private final S3Proxy proxy;
    private final RateLimitedBlobStore gets;
    private final S3Connection connection;

    private EmbeddedS3Proxy(
            S3Proxy proxy, RateLimitedBlobStore gets, AwsBasicCredentials credentials) {
        this.proxy = proxy;
        this.gets = gets;
        URI endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
        this.connection = new S3Connection(endpoint, StaticCredentialsProvider.create(credentials));
    }

    /**
     * Starts a server that delays every request by {@code latencyMillis}.
     *
     * @param latencyMillis the added latency per request, 0 for none
     * @return the running server
     * @throws Exception if the server cannot start
     */
    public static EmbeddedS3Proxy start(long latencyMillis) throws Exception {
        return start(
                new TransientNio2BlobStore(),
                latencyMillis,
                0,
                AwsBasicCredentials.create(
                        "local-" + UUID.randomUUID(), UUID.randomUUID().toString()));
    }

    /**
     * Starts a server over {@code store} that delays every request by {@code latencyMillis} and
     * then answers GETs above {@code getsPerSecond} with 503 SlowDown ({@link
     * RateLimitedBlobStore}): several servers may share one store, each with its own latency and
     * limit.
     *
     * @param store where the objects are kept
     * @param latencyMillis the added latency per request, 0 for none
     * @param getsPerSecond the most GETs a second this server serves, 0 for no limit
     * @param credentials the only credentials the server accepts
     * @return the running server
     * @throws Exception if the server cannot start
     */
    public static EmbeddedS3Proxy start(
            BlobStore store, long latencyMillis, int getsPerSecond, AwsBasicCredentials credentials)
            throws Exception {
        Properties properties = new Properties();
        if (latencyMillis > 0) {
            properties.setProperty(
                    "s3proxy.latency-blobstore.*.latency", Long.toString(latencyMillis));
        }
        RateLimitedBlobStore gets = new RateLimitedBlobStore(store, getsPerSecond);
        var delayed =
                Middlewares.wrap(
                        gets,
                        properties,
                        unused -> {
                            throw new UnsupportedOperationException("no second backend");
                        });
        S3Proxy proxy =
                S3Proxy.builder()
                        .blobStore(delayed)
                        .endpoint(URI.create("http://127.0.0.1:0"))
                        .awsAuthentication(
                                AuthenticationType.AWS_V2_OR_V4,
                                credentials.accessKeyId(),
                                credentials.secretAccessKey())
                        .build();
        proxy.start();
        return new EmbeddedS3Proxy(proxy, gets, credentials);
    }

    /**
     * Returns how to reach this server.
     *
     * @return its endpoint and credentials
     */
    public S3Connection connection() {
        return connection;
    }

    /**
     * Returns this server's GET limit and its counts of GETs served, their bytes and GETs refused.
     *
     * @return the limit, also without a rate set
     */
    public RateLimitedBlobStore gets() {
        return gets;
    }

    /** Stops the server; its data is gone. */
    @Override
    public void close() throws Exception {
        proxy.stop();
    }
}
