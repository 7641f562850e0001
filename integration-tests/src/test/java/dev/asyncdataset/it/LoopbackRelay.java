package dev.asyncdataset.it;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;

/**
 * A TCP relay on loopback in front of a server on loopback: each accepted connection gets one of
 * its own to the server, and {@link #exchange} carries the bytes between them on platform threads.
 * Closing the relay closes every connection.
 */
abstract class LoopbackRelay implements AutoCloseable {

    /** The relay's threads: platform daemons, which do not compete with the loader's carriers. */
    static final ThreadFactory THREADS = Thread.ofPlatform().daemon().name("relay").factory();

    private final ServerSocket listener;
    private final int upstreamPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

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
        try (client;
                Socket server = new Socket(InetAddress.getLoopbackAddress(), upstreamPort)) {
            sockets.add(client);
            sockets.add(server);
            exchange(client, server);
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
