package dev.asyncdataset.internal.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.testing.PlainHttpPort;
import dev.asyncdataset.testing.SelfSignedTls;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection closed before a store ever answered, all Netty's client reports of an https URL to a
 * plain-HTTP port, is a TLS configuration error at once when a handshake of the probe's own fails
 * on a plain port, and stays a retried transient failure on an endpoint that speaks TLS.
 */
class TlsProbeTest {

    private static final Duration MS = Duration.ofMillis(1);
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir Path dir;

    @Test
    void aClosedConnectionToAPlainHttpPortIsATlsErrorAtOnce() throws Exception {
        try (PlainHttpPort plain = new PlainHttpPort()) {
            TlsProbe probe = probe(plain.port(), (SSLSocketFactory) SSLSocketFactory.getDefault());
            Retrier retrier = new Retrier(5, HOUR, MS, MS, e -> true, probe);
            IOException e =
                    assertThrows(
                            IOException.class,
                            () ->
                                    retrier.call(
                                            "s3://bucket/",
                                            () -> {
                                                throw closedChannel();
                                            }));
            assertTrue(e.getMessage().contains("plain HTTP"), e.getMessage());
            assertTrue(e.getMessage().contains("before the store ever answered"), e.getMessage());
            assertEquals(0, retrier.retryCount());
        }
    }

    @Test
    void aClosedConnectionToAnEndpointSpeakingTlsIsRetriedAndProbedOnce() throws Exception {
        SelfSignedTls tls = SelfSignedTls.create(dir);
        try (SSLServerSocket server =
                (SSLServerSocket)
                        tls.server()
                                .getServerSocketFactory()
                                .createServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            AtomicInteger handshakes = new AtomicInteger();
            Thread.ofVirtual().start(() -> handshake(server, handshakes));
            TlsProbe probe = probe(server.getLocalPort(), tls.trusting().getSocketFactory());
            Retrier retrier = new Retrier(10, HOUR, MS, MS, e -> true, probe);
            AtomicInteger calls = new AtomicInteger();
            String result =
                    retrier.call(
                            "s3://bucket/",
                            () -> {
                                if (calls.incrementAndGet() <= 3) {
                                    throw closedChannel();
                                }
                                return "listed";
                            });
            assertEquals("listed", result);
            assertEquals(3, retrier.retryCount());
            assertEquals(1, handshakes.get(), "handshakes of the probe");
        }
    }

    /** What the SDK's Netty client throws when the channel closed before any answer. */
    private static IOException closedChannel() {
        return new IOException(
                "The connection was closed during the request", new ClosedChannelException());
    }

    private static TlsProbe probe(int port, SSLSocketFactory factory) {
        URI endpoint = URI.create("https://127.0.0.1:" + port);
        return new TlsProbe(endpoint, TIMEOUT, TIMEOUT, factory);
    }

    /** Completes a TLS handshake with every connection, counting them. */
    private static void handshake(SSLServerSocket server, AtomicInteger handshakes) {
        while (!server.isClosed()) {
            try (SSLSocket client = (SSLSocket) server.accept()) {
                client.startHandshake();
                handshakes.incrementAndGet();
            } catch (IOException e) {
                if (server.isClosed()) {
                    return;
                }
            }
        }
    }
}
