package dev.asyncdataset.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.CountDownLatch;

/**
 * A TCP relay on loopback in front of a server that, once {@link #stallAfter} is set, lets at most
 * that many more bytes of each connection's answers through and then sends nothing more: a body
 * that stops midway, for a store that cannot be told to stall (Azurite). Closing the relay closes
 * every connection.
 */
final class StallingRelay extends LoopbackRelay {

    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile long stallAfter = -1;

    /** Starts relaying a free loopback port to {@code upstreamPort} on loopback. */
    StallingRelay(int upstreamPort) throws IOException {
        super(upstreamPort);
    }

    /** From now on, each connection passes at most {@code bytes} more bytes of its answers. */
    void stallAfter(long bytes) {
        stallAfter = bytes;
    }

    @Override
    public void close() throws IOException {
        closed.countDown();
        super.close();
    }

    @Override
    void exchange(Socket client, Socket server) {
        THREADS.newThread(() -> copy(client, server, false)).start();
        copy(server, client, true);
    }

    private void copy(Socket from, Socket to, boolean answers) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buffer = new byte[8192];
            long left = -1;
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (answers && left < 0 && stallAfter >= 0) {
                    left = stallAfter;
                }
                int pass = left < 0 ? n : (int) Math.min(n, left);
                out.write(buffer, 0, pass);
                out.flush();
                if (left >= 0 && (left -= pass) == 0) {
                    closed.await();
                    return;
                }
            }
            to.shutdownOutput();
        } catch (IOException e) {
            closeQuietly(to);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
