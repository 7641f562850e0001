package dev.asyncdataset.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.atomic.LongAdder;

/**
 * A TCP relay on loopback in front of S3Proxy that turns a {@link
 * FaultInjectingBlobStore.Fault#RESET} into a real connection reset in the middle of a body. The
 * middleware marks such a response with the header {@link #MARKER} and the number of body bytes to
 * let through; the relay forwards the headers and that many body bytes, then resets the client's
 * connection (SO_LINGER 0, so the client's next read fails with "Connection reset"). A middleware
 * cannot do this itself: Jetty buffers a small body, and a failure while writing it becomes a plain
 * 500 error page.
 *
 * <p>Everything else is relayed unchanged. Bytes are forwarded as they arrive, except a tail that
 * could be the start of the marker, which waits for the next read; S3 responses never end with such
 * a tail (bodies end in a JPEG end marker, XML or a chunk terminator).
 */
final class ResetProxy extends LoopbackRelay {

    /** The response header that asks for a reset, followed by the body bytes to let through. */
    static final String MARKER = "x-amz-meta-inject-reset-after: ";

    private final LongAdder resets = new LongAdder();

    /** Starts relaying a free loopback port to {@code upstreamPort} on loopback. */
    ResetProxy(int upstreamPort) throws IOException {
        super(upstreamPort);
    }

    /** Connections reset mid-body so far. */
    long resets() {
        return resets.sum();
    }

    @Override
    void exchange(Socket client, Socket server) throws IOException {
        Thread requests = THREADS.newThread(() -> copyRequests(client, server));
        requests.start();
        copyResponses(server, client);
        try {
            requests.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void copyRequests(Socket client, Socket server) {
        try {
            client.getInputStream().transferTo(server.getOutputStream());
            server.shutdownOutput();
        } catch (IOException e) {
            closeQuietly(server);
        }
    }

    private void copyResponses(Socket server, Socket client) throws IOException {
        InputStream in = server.getInputStream();
        OutputStream out = client.getOutputStream();
        ResponseWindow window = new ResponseWindow(MARKER);
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) >= 0; ) {
            if (window.relay(buffer, n, out)) {
                resets.increment();
                client.setSoLinger(true, 0);
                client.close();
                return;
            }
        }
        window.drain(out);
        client.shutdownOutput();
    }
}
