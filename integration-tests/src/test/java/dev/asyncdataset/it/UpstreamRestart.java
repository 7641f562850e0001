package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.testing.Poll;
import java.net.ConnectException;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A restart of the server behind a {@link LoopbackRelay} at a request chosen by its number: the
 * relay holds that request and hands it over; the restart stops the server, sends the request's
 * connection to the stopped server (refused, and the client's reset), waits until the relay has
 * counted {@code refusals} refused connections in all, the loader's retries among them, and starts
 * the server again with the same data. Every wait is bounded.
 */
final class UpstreamRestart {

    /** A server that can be stopped and started again, keeping its data and its port. */
    interface Restartable {

        /** Stops the server, its data saved, and waits until it has exited. */
        void stop() throws Exception;

        /** Starts the server again and waits until it accepts connections. */
        void start() throws Exception;
    }

    private final Restartable server;
    private final int atRequest;
    private final int refusals;
    private final AtomicInteger requests = new AtomicInteger();
    private final CompletableFuture<Integer> refusedWhileDown = new CompletableFuture<>();

    /**
     * @param server the server to restart
     * @param atRequest the number (from 1) of the request the restart holds
     * @param refusals the connections the stopped server refuses before it is started again
     */
    UpstreamRestart(Restartable server, int atRequest, int refusals) {
        this.server = server;
        this.atRequest = atRequest;
        this.refusals = refusals;
    }

    /** Counts a request of the kind the restart is placed among; whether it is the one to hold. */
    boolean holds() {
        return requests.incrementAndGet() == atRequest;
    }

    /** The requests counted by {@link #holds}, the held one included. */
    int requests() {
        return requests.get();
    }

    /**
     * Restarts the server around the held request of {@code client}, whose connection is reset once
     * the stopped server refused it; what fails the restart is reported by {@link #awaitRefused}.
     */
    void restart(Socket client, LoopbackRelay relay) {
        try {
            int before = relay.refused();
            server.stop();
            try (Socket taken = relay.connect()) {
                throw new IllegalStateException("the stopped server took a connection: " + taken);
            } catch (ConnectException expected) {
                client.setSoLinger(true, 0);
                client.close();
            }
            Poll.until(
                    refusals + " connections refused by the stopped server",
                    () -> relay.refused() - before >= refusals);
            server.start();
            refusedWhileDown.complete(relay.refused() - before);
        } catch (Exception | AssertionError e) {
            refusedWhileDown.completeExceptionally(e);
        }
    }

    /**
     * Waits, bounded, until the server is back, and returns the connections it refused while
     * stopped or starting; fails if the held request never came or the restart failed.
     */
    int awaitRefused() throws Exception {
        assertTrue(
                requests.get() >= atRequest,
                "no restart: " + requests.get() + " requests, the restart at " + atRequest);
        return refusedWhileDown.get(2 * Poll.LIMIT.toSeconds(), TimeUnit.SECONDS);
    }
}
