package dev.asyncdataset.internal.store.http;

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
 * are followed here, not by the client ({@code Redirects}), so that the {@code Authorization}
 * header never reaches another host. HTTP cannot list: shards are named by a brace pattern or a
 * list of URLs. A store whose locations are read at HTTP(S) URLs of another form (the Hugging Face
 * Hub's) reads through one of these with its {@link HttpLocations}.
 */
public final class HttpObjectStore implements ObjectStore {

    /** The longest {@link #close} waits for the client's threads to stop. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final HttpClient client;
    private final Redirects redirects;
    private final HttpLocations locations;

    /**
     * Opens a client with these timeouts and authorization, reading each location at the URL {@code
     * locations} gives; the authorization goes only to the host of that URL.
     *
     * @param settings the timeouts and the {@code Authorization} header's value
     * @param locations the URL each location is read at
     */
    public HttpObjectStore(StoreSettings settings, HttpLocations locations) {
        this.client =
                HttpClient.newBuilder()
                        .connectTimeout(settings.connectTimeout())
                        .followRedirects(HttpClient.Redirect.NEVER)
                        .build();
        this.redirects = new Redirects(client, settings);
        this.locations = locations;
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
    public StoredObject stat(String location) throws IOException {
        HttpResponse<Void> response =
                redirects.send(
                        locations.url(location),
                        shown(location),
                        "HEAD",
                        null,
                        BodyHandlers.discarding());
        if (response.statusCode() == 404 || response.statusCode() == 410) {
            return null;
        }
        expect(location, response, 200);
        long length = response.headers().firstValueAsLong("Content-Length").orElse(-1);
        if (length < 0) {
            throw new RequestRejected(shown(location) + ": HEAD answered without a Content-Length");
        }
        return new StoredObject(location, length, etag(response));
    }

    @Override
    public StoredBody open(String location, long offset, long length) throws IOException {
        boolean whole = offset == 0 && length < 0;
        String range = whole ? null : "bytes=" + offset + "-" + (offset + length - 1);
        BodyHandler<InputStream> body = BodyHandlers.ofInputStream();
        HttpResponse<InputStream> response =
                redirects.send(locations.url(location), shown(location), "GET", range, body);
        try {
            if (whole) {
                expect(location, response, 200);
            } else {
                Ranges.expectRange(this, location, response, offset, length);
            }
            return new StoredBody(
                    response.body(),
                    etag(response),
                    null,
                    response.headers().firstValueAsLong("Content-Length").orElse(-1));
        } catch (IOException | RuntimeException e) {
            response.body().close();
            throw e;
        }
    }

    /**
     * Sends a GET of {@code url} as it is (with the authorization while on its host), following
     * redirects: what a store lists its locations with.
     *
     * @param url an absolute {@code http} or {@code https} URL
     * @param location the location the request is for, which errors name
     * @return the {@code 200} response, whose body the caller closes, or null if the server says
     *     there is nothing at {@code url} ({@code 404}, {@code 410}), as {@link #stat} does
     * @throws IOException if the server fails or answers another status: a final one ({@link
     *     RequestRejected}) or one that may pass (5xx, 408, 429)
     */
    public HttpResponse<InputStream> get(String url, String location) throws IOException {
        HttpResponse<InputStream> response =
                redirects.send(url, shown(location), "GET", null, BodyHandlers.ofInputStream());
        try {
            if (response.statusCode() == 404 || response.statusCode() == 410) {
                response.body().close();
                return null;
            }
            expect(location, response, 200);
            return response;
        } catch (IOException | RuntimeException e) {
            response.body().close();
            throw e;
        }
    }

    /** Fails unless {@code response} has status {@code ok}: 5xx and 429 may pass, the rest not. */
    void expect(String location, HttpResponse<?> response, int ok) throws IOException {
        int status = response.statusCode();
        if (status == ok) {
            return;
        }
        String message = shown(location) + ": HTTP " + status + locations.explain(location, status);
        if (status >= 500 || status == 429 || status == 408) {
            throw new IOException(message);
        }
        throw new RequestRejected(message);
    }

    /** {@code location} as messages name it. */
    String shown(String location) {
        return locations.shown(location);
    }

    private static String etag(HttpResponse<?> response) {
        return response.headers().firstValue("ETag").orElse(null);
    }

    /** Turns an interrupt while waiting for a response into the I/O error callers expect. */
    static InterruptedIOException interrupted(String shown, InterruptedException e) {
        Thread.currentThread().interrupt();
        InterruptedIOException io = new InterruptedIOException(shown + ": interrupted");
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

    /** The URI of {@code url}, which must be absolute http or https; {@code shown} names it. */
    static URI uri(String url, String shown) throws RequestRejected {
        try {
            URI uri = URI.create(url);
            if (uri.getHost() == null) {
                throw new RequestRejected("no host in " + shown);
            }
            return uri;
        } catch (IllegalArgumentException e) {
            throw new RequestRejected("not a URL: " + shown);
        }
    }
}
