package dev.asyncdataset.internal.s3;

import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.services.s3.S3AsyncClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The clients of one S3 reader or store, each built from its settings only when first needed: the
 * GETs ({@link #gets}) on the Apache HTTP client they share with the blocking SDK client ({@link
 * #sync}), and the asynchronous client that lists ({@link #async}), so that a source that only GETs
 * has no Netty client. Closing closes what was built; asking for a client after that is an error,
 * so that no client outlives its owner.
 */
public final class S3Clients implements AutoCloseable {

    private final Built<SdkHttpClient> http;
    private final Built<S3Client> sync;
    private final Built<SignedGets> gets;
    private final Built<S3AsyncClient> async;
    private boolean closed;

    /** Clients with {@code settings}, none built yet. */
    public S3Clients(S3Settings settings) {
        this.http = new Built<>(() -> settings.apacheClient().build(), SdkHttpClient::close);
        this.sync = new Built<>(() -> settings.syncClient(http.get()), S3Client::close);
        this.gets =
                new Built<>(
                        () ->
                                new SignedGets(
                                        http.get(),
                                        sync.get(),
                                        settings.pathStyle(),
                                        settings.headersTimeout()),
                        g -> {});
        this.async = new Built<>(settings::asyncClient, S3AsyncClient::close);
    }

    /** The blocking client on the Apache HTTP client of {@link #gets}, for HEADs. */
    public S3Client sync() {
        return sync.get();
    }

    /** GETs signed and sent on the Apache HTTP client, without the SDK's request pipeline. */
    SignedGets gets() {
        return gets.get();
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
        http.close();
        async.close();
    }

    /** One client, built on the first {@link #get} unless the clients are closed. */
    private final class Built<C> {

        private final Supplier<C> build;
        private final Consumer<C> close;
        private volatile C client;

        Built(Supplier<C> build, Consumer<C> close) {
            this.build = build;
            this.close = close;
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
                close.accept(client);
            }
        }
    }
}
