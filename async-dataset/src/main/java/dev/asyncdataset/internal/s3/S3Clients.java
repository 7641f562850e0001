package dev.asyncdataset.internal.s3;

import java.util.function.Supplier;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.utils.SdkAutoCloseable;

/**
 * The clients of one S3 reader or store, each built from its settings only when first needed: the
 * blocking client that GETs objects ({@link #sync}) and the asynchronous one that lists ({@link
 * #async}), so that a source that only GETs has no Netty client. Closing closes what was built;
 * asking for a client after that is an error, so that no client outlives its owner.
 */
public final class S3Clients implements AutoCloseable {

    private final Built<S3Client> sync;
    private final Built<S3AsyncClient> async;
    private boolean closed;

    /** Clients with {@code settings}, none built yet. */
    public S3Clients(S3Settings settings) {
        this.sync = new Built<>(settings::syncClient);
        this.async = new Built<>(settings::asyncClient);
    }

    /** The blocking client on the Apache HTTP client, for GETs. */
    public S3Client sync() {
        return sync.get();
    }

    /** The asynchronous client on the shared Netty transport, for listings. */
    public S3AsyncClient async() {
        return async.get();
    }

    /** Closes the clients built so far and their connection pools. */
    @Override
    public synchronized void close() {
        closed = true;
        sync.close();
        async.close();
    }

    /** One client, built on the first {@link #get} unless the clients are closed. */
    private final class Built<C extends SdkAutoCloseable> {

        private final Supplier<C> build;
        private volatile C client;

        Built(Supplier<C> build) {
            this.build = build;
        }

        C get() {
            C built = client;
            if (built == null) {
                synchronized (S3Clients.this) {
                    if (closed) {
                        throw new IllegalStateException("S3 clients closed");
                    }
                    if (client == null) {
                        client = build.get();
                    }
                    built = client;
                }
            }
            return built;
        }

        /** Closes the client if it was built; called under the clients' lock. */
        void close() {
            if (client != null) {
                client.close();
            }
        }
    }
}
