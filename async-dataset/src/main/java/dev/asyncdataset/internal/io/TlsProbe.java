package dev.asyncdataset.internal.io;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

/**
 * Asks an {@code https} endpoint for a TLS handshake of its own, once, to tell what a connection
 * closed before any answer meant. The SDK's Netty client (listings, uploads) reports an {@code
 * https} URL to a plain-HTTP port only as a closed channel: the plain answer's SSL error is lost
 * between its handlers. A handshake that fails here names the cause; one that completes, or an
 * endpoint that cannot be reached, leaves the closed connection a transient failure.
 */
public final class TlsProbe {

    /** No endpoint to ask: a closed connection stays a transient failure. */
    public static final TlsProbe NONE = new TlsProbe(null, Duration.ZERO, Duration.ZERO, null);

    private final URI endpoint;
    private final Duration connectTimeout;
    private final Duration handshakeTimeout;
    private final SSLSocketFactory tls;
    private final ReentrantLock lock = new ReentrantLock();
    private boolean asked;
    private SSLException failure;

    /**
     * Asks {@code endpoint}, if it is an {@code https} URI, with the JVM's default TLS settings.
     *
     * @param endpoint the endpoint, or null for none
     * @param connectTimeout how long opening the connection may take
     * @param handshakeTimeout how long the server's answer to the handshake may take
     */
    public TlsProbe(URI endpoint, Duration connectTimeout, Duration handshakeTimeout) {
        this(
                endpoint,
                connectTimeout,
                handshakeTimeout,
                (SSLSocketFactory) SSLSocketFactory.getDefault());
    }

    TlsProbe(
            URI endpoint,
            Duration connectTimeout,
            Duration handshakeTimeout,
            SSLSocketFactory tls) {
        this.endpoint =
                endpoint != null && "https".equalsIgnoreCase(endpoint.getScheme())
                        ? endpoint
                        : null;
        this.connectTimeout = connectTimeout;
        this.handshakeTimeout = handshakeTimeout;
        this.tls = tls;
    }

    /**
     * The failure of a TLS handshake with the endpoint, tried on the first call only; null if it
     * completed, could not be tried (refused, timed out) or there is no {@code https} endpoint.
     */
    SSLException failure() {
        if (endpoint == null) {
            return null;
        }
        lock.lock();
        try {
            if (!asked) {
                failure = handshake();
                asked = !Thread.currentThread().isInterrupted();
            }
            return failure;
        } finally {
            lock.unlock();
        }
    }

    private SSLException handshake() {
        String host = endpoint.getHost();
        int port = endpoint.getPort() >= 0 ? endpoint.getPort() : 443;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), millis(connectTimeout));
            socket.setSoTimeout(millis(handshakeTimeout));
            try (SSLSocket ssl = (SSLSocket) tls.createSocket(socket, host, port, false)) {
                ssl.startHandshake();
            }
            return null;
        } catch (SSLException e) {
            return e;
        } catch (IOException e) {
            return null;
        }
    }

    private static int millis(Duration timeout) {
        return (int) Math.clamp(timeout.toMillis(), 1, Integer.MAX_VALUE);
    }
}
