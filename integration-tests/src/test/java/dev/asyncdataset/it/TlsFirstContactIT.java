package dev.asyncdataset.it;

import static dev.asyncdataset.it.ConfigurationErrors.BUDGET;
import static dev.asyncdataset.it.ConfigurationErrors.assertAtOnce;
import static dev.asyncdataset.it.ConfigurationErrors.assertOpeningFails;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.asyncdataset.source.s3.S3Source;
import dev.asyncdataset.source.s3.S3SourceBuilder;
import dev.asyncdataset.testing.TestImages;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@code https} URL to a plain-HTTP port is a configuration error reported at once, naming TLS,
 * on every client: the listing's (the SDK's Netty client, which sees only a closed channel), the
 * GETs' (the SDK's Apache client) and the HTTP store's (the JDK's).
 */
class TlsFirstContactIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String PLAIN_PORT = "TLS handshake failed: the port answers plain HTTP";

    @TempDir Path dir;

    @Test
    void anHttpsUrlToS3ProxysPlainPortFailsAtOnceNamingTlsOnEveryClient() throws Exception {
        S3.upload("data", "train/", Map.of("cat/0.jpg", TestImages.jpeg(16, 16, 1)));
        URI https = URI.create("https://127.0.0.1:" + S3.endpoint().getPort());
        try (S3Source listed = source(https).build()) {
            assertAtOnce("S3 LIST (Netty)", () -> listed.prepare(null), PLAIN_PORT);
            assertEquals(0, listed.stats().retries());
        }
        Path manifest = Files.writeString(dir.resolve("manifest.csv"), "cat/0.jpg,0\n");
        try (S3Source got = source(https).optManifest(manifest).build()) {
            got.prepare(null);
            assertAtOnce("S3 GET (Apache)", () -> got.fetch(null, 0), PLAIN_PORT);
            assertEquals(0, got.stats().retries());
        }
        assertOpeningFails("s3://data/train/", source(https), PLAIN_PORT);
        String url = https + "/data/train/shard-000000.tar";
        assertOpeningFails(url, S3Source.builder(), PLAIN_PORT);
    }

    private static S3SourceBuilder source(URI endpoint) {
        return S3.sourceBuilder("s3://data/train").optEndpoint(endpoint).optRetryBudget(BUDGET);
    }
}
