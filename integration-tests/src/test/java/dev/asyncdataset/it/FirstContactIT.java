package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.it.FaultCampaignIT.Epoch;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreOptionsBuilder;
import dev.asyncdataset.store.s3.S3Options;
import dev.asyncdataset.testing.PlainHttpPort;
import dev.asyncdataset.testing.Poll;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Before a store ever answered, a refused connection, an unknown host or a TLS handshake against a
 * plain-HTTP port is a configuration error reported at once, each named as what it is, not retried
 * for the retry budget; once the store answered, the same refusal (a restart) is retried and the
 * epoch loses nothing.
 */
class FirstContactIT {

    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    private static final Duration BUDGET = ConfigurationErrors.BUDGET;

    @TempDir Path dir;

    @Test
    void aRefusedPortFailsAtOnceNamingTheCauseForHttpAndS3() throws Exception {
        int port;
        try (ServerSocket closed = new ServerSocket(0)) {
            port = closed.getLocalPort();
        }
        String http = "http://127.0.0.1:" + port + "/shards/shard-{000000..000001}.tar";
        ConfigurationErrors.assertOpeningFails(http, StoreOptions.builder(), "connection refused");
        ConfigurationErrors.assertOpeningFails(
                "s3://bucket/shards/", s3At("http://127.0.0.1:" + port), "connection refused");
    }

    @Test
    void anUnknownHostFailsAtOnceNamedAsAnUnknownHostForHttpAndS3() {
        String host = "no-such-host.invalid"; // a name that never resolves (RFC 6761)
        String http = "http://" + host + "/shards/shard-{000000..000001}.tar";
        IOException e =
                ConfigurationErrors.assertOpeningFails(
                        http, StoreOptions.builder(), "unknown host");
        assertFalse(e.getMessage().contains("refused"), e.getMessage());
        ConfigurationErrors.assertOpeningFails(
                "s3://bucket/shards/", s3At("http://" + host), "unknown host");
    }

    private static StoreOptionsBuilder s3At(String endpoint) {
        return StoreOptions.builder()
                .optS3(
                        S3Options.builder()
                                .optEndpoint(URI.create(endpoint))
                                .optPathStyle(true)
                                .optRegion("us-east-1")
                                .optCredentials("id", "secret")
                                .build());
    }

    @Test
    void anHttpsUrlToAPlainHttpPortFailsAtOnceAsATlsError() throws Exception {
        try (PlainHttpPort plain = new PlainHttpPort()) {
            String url = "https://127.0.0.1:" + plain.port() + "/shard-000000.tar";
            ConfigurationErrors.assertOpeningFails(url, StoreOptions.builder(), "TLS handshake");
        }
    }

    @Test
    void onceTheStoreAnsweredARestartMidEpochIsRetriedAndLosesNothing() throws Exception {
        HTTP.put("/train/", ShardFixtures.write(dir, 4, 20, 100_000));
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        try (LabeledImageSource folder =
                        TarShardSource.builder()
                                .setLocation(dir.resolve("shards").toString())
                                .build();
                LabeledImageSource http =
                        TarShardSource.builder()
                                .setLocation(HTTP.url("/train/shard-{000000..000002}.tar"))
                                .optStore(StoreOptions.builder().optRetryBudget(BUDGET).build())
                                .build()) {
            Epoch expected = FaultCampaignIT.epoch(folder, true);
            HTTP.pause();
            CompletableFuture<Epoch> epoch = CompletableFuture.supplyAsync(() -> epochOf(http));
            Poll.until("a read saw the server gone", () -> http.stats().retries() > 0);
            HTTP.resume();
            Epoch actual = epoch.get(BUDGET.toSeconds(), TimeUnit.SECONDS);
            FaultCampaignIT.assertSameEpoch(expected, actual, (int) folder.size());
            assertTrue(actual.retries() > 0, "retries: " + actual.retries());
        }
    }

    private static Epoch epochOf(LabeledImageSource source) {
        try {
            return FaultCampaignIT.epoch(source, true);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
