package dev.asyncdataset.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A loopback port that answers every connection as a plain-HTTP server answers a TLS hello: a
 * {@code 400}, then it closes the connection. Closing it stops its thread, within a bound.
 */
public final class PlainHttpPort implements AutoCloseable {

    private final ServerSocket server;
    private final Thread answering;

    /** Listens on a free loopback port. */
    public PlainHttpPort() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        answering = Thread.ofVirtual().start(this::answer);
    }

    /** The port listened on. */
    public int port() {
        return server.getLocalPort();
    }

    private void answer() {
        while (!server.isClosed()) {
            try (Socket client = server.accept()) {
                client.getInputStream().read(new byte[512]);
                client.getOutputStream()
                        .write(
                                "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"
                                        .getBytes(StandardCharsets.US_ASCII));
            } catch (IOException closed) {
                return;
            }
        }
    }

    /** Stops listening; fails if the answering thread does not stop within 10 s. */
    @Override
    public void close() throws IOException, InterruptedException {
        server.close();
        if (!answering.join(Duration.ofSeconds(10))) {
            throw new IllegalStateException("the plain-HTTP port's thread did not stop");
        }
    }
}
