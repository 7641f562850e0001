package dev.asyncdataset.it;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP relay on loopback in front of a server on loopback: each accepted connection gets one of
 * its own to the server, and {@link #exchange} carries the bytes between them on platform threads.
 * A connection the server refuses (it is down) is counted, and the client's is reset. Closing the
 * relay closes every connection.
 */
abstract class LoopbackRelay implements AutoCloseable {

    /** The relay's threads: platform daemons, which do not compete with the loader's carriers. */
    static final ThreadFactory THREADS = Thread.ofPlatform().daemon().name("relay").factory();

    private final ServerSocket listener;
    private final int upstreamPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicInteger refused = new AtomicInteger();

    /** Starts relaying a free loopback port to {@code upstreamPort} on loopback. */
    LoopbackRelay(int upstreamPort) throws IOException {
        this.upstreamPort = upstreamPort;
        this.listener = new ServerSocket(0, 256, InetAddress.getLoopbackAddress());
        THREADS.newThread(this::acceptLoop).start();
    }

    /** The relay's base URL, {@code http://127.0.0.1:<port>}. */
    String endpoint() {
        return "http://127.0.0.1:" + listener.getLocalPort();
    }

    /** The connections to the server it refused since the relay started. */
    int refused() {
        return refused.get();
    }

    /** Opens a connection to the server; one it refuses is counted and throws. */
    Socket connect() throws IOException {
        try {
            Socket server = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
            sockets.add(server);
            return server;
        } catch (ConnectException e) {
            refused.incrementAndGet();
            throw e;
        }
    }

    /** Carries the bytes of one connection between {@code client} and {@code server}. */
    abstract void exchange(Socket client, Socket server) throws IOException;

    @Override
    public void close() throws IOException {
        listener.close();
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                THREADS.newThread(() -> relay(client)).start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void relay(Socket client) {
        sockets.add(client);
        try (client) {
            try (Socket server = connect()) {
                exchange(client, server);
            } catch (ConnectException refused) {
                client.setSoLinger(true, 0);
            }
        } catch (IOException e) {
            // either side went away: the sockets are closed
        } finally {
            sockets.remove(client);
        }
    }

    /** Closes {@code socket}, which may be closed already. */
    static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already gone
        }
    }
}
