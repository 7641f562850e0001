package dev.asyncdataset.internal.http;

import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoreSettings;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;

/**
 * Objects served over HTTP(S) by any server (nginx, a CDN, Hugging Face, an Azure SAS URL), read
 * with the JDK's {@link HttpClient}: a whole object is one GET, a byte range one GET with {@code
 * Range} that must be answered by {@code 206} with the matching {@code Content-Range}. Redirects
 * are followed here, not by the client ({@link Redirects}), so that the {@code Authorization}
 * header never reaches another host. HTTP cannot list: shards are named by a brace pattern or a
 * list of URLs.
 */
public final class HttpObjectStore implements ObjectStore {

    /** The longest {@link #close} waits for the client's threads to stop. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final HttpClient client;
    private final Redirects redirects;

    /** Opens a client with these timeouts and authorization. */
    public HttpObjectStore(StoreSettings settings) {
        this.client =
                HttpClient.newBuilder()
                        .connectTimeout(settings.connectTimeout())
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .build();
        this.redirects = new Redirects(client, settings);
    }

    /** Throws: HTTP has no listing. */
    @Override
    public List<StoredObject> list(String prefix) {
        throw new UnsupportedOperationException(
                "an HTTP server cannot be listed: name the shards of "
                        + prefix
                        + " with a brace pattern or a list of URLs");
    }

    @Override
    public StoredObject stat(String url) throws IOException {
        HttpResponse<Void> response = redirects.send(url, "HEAD", null, BodyHandlers.discarding());
        if (response.statusCode() == 404 || response.statusCode() == 410) {
            return null;
        }
        expect(url, response, 200);
        long length = response.headers().firstValueAsLong("Content-Length").orElse(-1);
        if (length < 0) {
            throw new RequestRejected(
                    Locations.shown(url) + ": HEAD answered without a Content-Length");
        }
        return new StoredObject(url, length, etag(response));
    }

    @Override
    public StoredBody open(String url, long offset, long length) throws IOException {
        boolean whole = offset == 0 && length < 0;
        String range = whole ? null : "bytes=" + offset + "-" + (offset + length - 1);
        BodyHandler<InputStream> body = BodyHandlers.ofInputStream();
        HttpResponse<InputStream> response = redirects.send(url, "GET", range, body);
        try {
            if (whole) {
                expect(url, response, 200);
            } else {
                Ranges.expectRange(url, response, offset, length);
            }
            return new StoredBody(response.body(), etag(response));
        } catch (IOException | RuntimeException e) {
            response.body().close();
            throw e;
        }
    }

    /** Fails unless {@code response} has status {@code ok}: 5xx and 429 may pass, the rest not. */
    static void expect(String url, HttpResponse<?> response, int ok) throws IOException {
        int status = response.statusCode();
        if (status == ok) {
            return;
        }
        String message = Locations.shown(url) + ": HTTP " + status;
        if (status >= 500 || status == 429 || status == 408) {
            throw new IOException(message);
        }
        throw new RequestRejected(message);
    }

    private static String etag(HttpResponse<?> response) {
        return response.headers().firstValue("ETag").orElse(null);
    }

    /** Turns an interrupt while waiting for a response into the I/O error callers expect. */
    static InterruptedIOException interrupted(String url, InterruptedException e) {
        Thread.currentThread().interrupt();
        InterruptedIOException io =
                new InterruptedIOException(Locations.shown(url) + ": interrupted");
        io.initCause(e);
        return io;
    }

    /**
     * Aborts the exchanges still in flight and waits for the client to stop, at most {@link
     * #CLOSE_WAIT}. {@link HttpClient#close} would wait for them to finish, without a bound: a
     * response whose body no one will read (a fetch cancelled as its headers arrived) never does.
     */
    @Override
    public void close() {
        client.shutdownNow();
        try {
            client.awaitTermination(CLOSE_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The URI of {@code url}, which must be absolute http or https. */
    static URI uri(String url) throws RequestRejected {
        try {
            URI uri = URI.create(url);
            if (uri.getHost() == null) {
                throw new RequestRejected("no host in " + Locations.shown(url));
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new RequestRejected("not a URL: " + Locations.shown(url));
        }
    }
}
