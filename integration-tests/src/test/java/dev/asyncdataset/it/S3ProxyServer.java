package dev.asyncdataset.it;

import dev.asyncdataset.examples.s3.RateLimitedBlobStore;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreOptionsBuilder;
import dev.asyncdataset.store.s3.S3Options;
import dev.asyncdataset.store.s3.S3OptionsBuilder;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.middleware.Middlewares;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * An in-process S3Proxy on a free loopback port with an in-memory store, for tests: as a JUnit 5
 * extension ({@code @RegisterExtension static S3ProxyServer s3 = new S3ProxyServer(0);}) or started
 * and closed by hand. GETs pass through a {@link FaultInjectingBlobStore} (server-side GET counts,
 * injected faults), then S3Proxy's latency middleware when a latency is set, then a {@link
 * RateLimitedBlobStore} (no limit until {@link #rateLimit()} sets one). Fixtures are written
 * straight into the store: what is under test is reading, and an HTTP upload of a multi-megabyte
 * fixture once failed a CI run ("Error writing request body to server", not reproduced since).
 */
public final class S3ProxyServer implements BeforeAllCallback, AfterAllCallback, AutoCloseable {

    static final String ACCESS_KEY = "it-access-key";
    static final String SECRET_KEY = "it-secret-key";

    private final long getLatencyMillis;
    private S3Proxy proxy;
    private int port;
    private FaultInjectingBlobStore faults;
    private RateLimitedBlobStore rateLimit;
    private ResetProxy resetProxy;

    /**
     * @param getLatencyMillis the delay S3Proxy adds to every GET, 0 for none
     */
    public S3ProxyServer(long getLatencyMillis) {
        this.getLatencyMillis = getLatencyMillis;
    }

    /** Starts the server. */
    public void start() throws Exception {
        Properties properties = new Properties();
        if (getLatencyMillis > 0) {
            properties.setProperty(
                    "s3proxy.latency-blobstore.get.latency", Long.toString(getLatencyMillis));
        }
        rateLimit = new RateLimitedBlobStore(new TransientNio2BlobStore(), 0);
        faults =
                new FaultInjectingBlobStore(
                        Middlewares.wrap(
                                rateLimit,
                                properties,
                                p -> {
                                    throw new UnsupportedOperationException("no second backend");
                                }));
        serve(0);
        resetProxy = new ResetProxy(port);
    }

    /**
     * Stops answering: connections are refused until {@link #resume()}. The stored objects stay.
     */
    public void pause() throws Exception {
        proxy.stop();
    }

    /**
     * Serves the same objects again, on the same port, after {@link #pause()}. Binding is retried
     * for up to 10 seconds, as the port can take a moment to be free again.
     */
    public void resume() throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try {
                serve(port);
                return;
            } catch (Exception e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                System.err.println("S3Proxy not back on port " + port + " yet: " + e);
                Thread.sleep(20);
            }
        }
    }

    private void serve(int port) throws Exception {
        proxy =
                S3Proxy.builder()
                        .blobStore(faults)
                        .endpoint(URI.create("http://127.0.0.1:" + port))
                        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
                        .build();
        proxy.start();
        this.port = proxy.getPort();
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        try {
            resetProxy.close();
            proxy.stop();
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("cannot stop S3Proxy", e);
        }
    }

    /** The server's base URI, {@code http://127.0.0.1:<port>}. */
    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** A blocking client of this server (path style, test credentials), for checks. */
    public S3Client syncClient() {
        return new S3Connection(
                        endpoint(),
                        StaticCredentialsProvider.create(
                                AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                .syncClient();
    }

    /** Server-side GET counts and fault injection. */
    public FaultInjectingBlobStore faults() {
        return faults;
    }

    /** The server's GET rate limit, off until set, and its count of 503 SlowDown answers. */
    public RateLimitedBlobStore rateLimit() {
        return rateLimit;
    }

    /** The S3 settings of this server: endpoint, path style, region, test credentials. */
    public S3OptionsBuilder s3Options() {
        return S3Options.builder()
                .optEndpoint(endpoint())
                .optPathStyle(true)
                .optRegion("us-east-1")
                .optCredentials(ACCESS_KEY, SECRET_KEY);
    }

    /** Store options holding this server's {@link #s3Options}, the rest at their defaults. */
    public StoreOptionsBuilder storeOptions() {
        return StoreOptions.builder().optS3(s3Options().build());
    }

    /** A {@link FolderSource} builder of {@code url} on this server, with {@link #storeOptions}. */
    public FolderSource sourceBuilder(String url) {
        return FolderSource.builder().setLocation(url).optStore(storeOptions().build());
    }

    /**
     * A {@link #sourceBuilder} whose connections pass through this server's {@link ResetProxy}, so
     * that {@link FaultInjectingBlobStore.Fault#RESET} resets them mid-body.
     */
    public FolderSource sourceBuilderThroughResetProxy(String url) {
        return FolderSource.builder()
                .setLocation(url)
                .optStore(storeOptionsThroughResetProxy().build());
    }

    /** {@link #storeOptions} whose connections pass through this server's {@link ResetProxy}. */
    public StoreOptionsBuilder storeOptionsThroughResetProxy() {
        S3Options proxied = s3Options().optEndpoint(URI.create(resetProxy.endpoint())).build();
        return StoreOptions.builder().optS3(proxied);
    }

    /** Connections the {@link ResetProxy} has reset mid-body. */
    public long resets() {
        return resetProxy.resets();
    }

    /**
     * Creates {@code bucket} if needed and stores {@code objects} (key to bytes) under {@code
     * prefix}.
     */
    public void upload(String bucket, String prefix, Map<String, byte[]> objects) {
        if (!faults.containerExists(bucket)) {
            faults.createContainer(bucket);
        }
        for (Map.Entry<String, byte[]> object : objects.entrySet()) {
            byte[] bytes = object.getValue();
            PutObjectRequest put =
                    PutObjectRequest.builder()
                            .bucket(bucket)
                            .key(prefix + object.getKey())
                            .contentLength((long) bytes.length)
                            .build();
            faults.putBlob(put, new ByteArrayInputStream(bytes));
        }
    }
}
