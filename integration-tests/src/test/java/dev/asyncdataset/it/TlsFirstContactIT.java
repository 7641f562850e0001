package dev.asyncdataset.it;

import static dev.asyncdataset.it.ConfigurationErrors.BUDGET;
import static dev.asyncdataset.it.ConfigurationErrors.assertAtOnce;
import static dev.asyncdataset.it.ConfigurationErrors.assertOpeningFails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreOptionsBuilder;
import dev.asyncdataset.testing.SelfSignedTls;
import dev.asyncdataset.testing.TestImages;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code https} URL to a plain-HTTP port, and a server certificate the JVM does not trust, are
 * configuration errors reported at once, each named as what it is, on every client: the listing's
 * (the SDK's Netty client, which sees only a closed channel from a plain port), the GETs' (the
 * SDK's Apache client) and the HTTP store's (the JDK's).
 */
class TlsFirstContactIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String PLAIN_PORT = "TLS handshake failed: the port answers plain HTTP";
    private static final String UNTRUSTED = "the server's certificate is not trusted (PKIX";
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @TempDir Path dir;

    @Test
    void anHttpsUrlToS3ProxysPlainPortFailsAtOnceNamingTlsOnEveryClient() throws Exception {
        S3.upload("data", "train/", Map.of("cat/0.jpg", TestImages.jpeg(16, 16, 1)));
        URI https = URI.create("https://127.0.0.1:" + S3.endpoint().getPort());
        try (LabeledImageSource listed = source(https).build()) {
            assertAtOnce("S3 LIST (Netty)", () -> listed.prepare(null), PLAIN_PORT);
            assertEquals(0, listed.stats().retries());
        }
        Path manifest = Files.writeString(dir.resolve("manifest.csv"), "cat/0.jpg,0\n");
        try (LabeledImageSource got = source(https).optManifest(manifest.toString()).build()) {
            got.prepare(null);
            assertAtOnce("S3 GET (Apache)", () -> got.fetch(null, 0), PLAIN_PORT);
            assertEquals(0, got.stats().retries());
        }
        assertOpeningFails("s3://data/train/", options(https), PLAIN_PORT);
        String url = https + "/data/train/shard-000000.tar";
        assertOpeningFails(url, StoreOptions.builder(), PLAIN_PORT);
    }

    @Test
    void aCertificateTheJvmDoesNotTrustFailsAtOnceNamingTheCertificateOnEveryClient()
            throws Exception {
        HttpsServer server = HttpsServer.create(new InetSocketAddress(LOOPBACK, 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(SelfSignedTls.create(dir).server()));
        server.createContext(
                "/",
                exchange -> {
                    try (exchange) {
                        exchange.sendResponseHeaders(404, -1);
                    }
                });
        server.start();
        try {
            URI https = URI.create("https://127.0.0.1:" + server.getAddress().getPort());
            for (IOException e :
                    List.of(
                            assertOpeningFails(
                                    https + "/train/shard-000000.tar",
                                    StoreOptions.builder(),
                                    UNTRUSTED),
                            assertOpeningFails("s3://data/train/", options(https), UNTRUSTED))) {
                assertTrue(e.getMessage().contains("trust store"), e.getMessage());
                assertFalse(e.getMessage().contains("plain-HTTP"), e.getMessage());
            }
            Path manifest = Files.writeString(dir.resolve("manifest.csv"), "cat/0.jpg,0\n");
            try (LabeledImageSource got = source(https).optManifest(manifest.toString()).build()) {
                got.prepare(null);
                assertAtOnce("S3 GET (Apache)", () -> got.fetch(null, 0), UNTRUSTED);
            }
        } finally {
            server.stop(0);
        }
    }

    private static FolderSource source(URI endpoint) {
        return FolderSource.builder()
                .setLocation("s3://data/train")
                .optStore(options(endpoint).build());
    }

    private static StoreOptionsBuilder options(URI endpoint) {
        return StoreOptions.builder()
                .optS3(S3.s3Options().optEndpoint(endpoint).build())
                .optRetryBudget(BUDGET);
    }
}
