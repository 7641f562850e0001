package dev.asyncdataset.internal.store.http;

import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoreSettings;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandler;

/**
 * Sends a request and follows its redirects by hand, at most {@link #MAX_HOPS} of them. The {@code
 * Authorization} header goes with the request only while the scheme, host and port are those of the
 * URL the user gave: after a redirect to another origin (Hugging Face sends {@code /resolve/} to
 * its CDN, which wants a signed URL and no token) it is dropped for good, as curl does. The JDK
 * client's own redirect handling is not used because it may send the header on. Nothing here logs a
 * header.
 */
final class Redirects {

    /** The most redirects one request follows. */
    static final int MAX_HOPS = 10;

    private final HttpClient client;
    private final StoreSettings settings;

    Redirects(HttpClient client, StoreSettings settings) {
        this.client = client;
        this.settings = settings;
    }

    /**
     * Sends {@code method} (with {@code range} if not null) to {@code url}, following redirects;
     * errors name the request {@code shown}.
     */
    <T> HttpResponse<T> send(
            String url, String shown, String method, String range, BodyHandler<T> body)
            throws IOException {
        URI origin = HttpObjectStore.uri(url, shown);
        URI at = origin;
        for (int hop = 0; ; hop++) {
            boolean sameOrigin = sameOrigin(origin, at);
            HttpResponse<T> response = sendOnce(at, shown, method, range, sameOrigin, body);
            String location = response.headers().firstValue("Location").orElse(null);
            if (!isRedirect(response.statusCode()) || location == null) {
                return response;
            }
            discard(response);
            if (hop == MAX_HOPS) {
                throw new RequestRejected(shown + ": more than " + MAX_HOPS + " redirects");
            }
            at = at.resolve(location);
            if (!sameOrigin(origin, at)) {
                origin = null;
            }
        }
    }

    private <T> HttpResponse<T> sendOnce(
            URI at,
            String shown,
            String method,
            String range,
            boolean authorized,
            BodyHandler<T> body)
            throws IOException {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(at)
                        .timeout(settings.firstByteTimeout())
                        .method(method, HttpRequest.BodyPublishers.noBody());
        if (range != null) {
            request.header("Range", range);
        }
        if (authorized && settings.authorization() != null) {
            request.header("Authorization", settings.authorization());
        }
        try {
            return client.send(request.build(), body);
        } catch (InterruptedException e) {
            throw HttpObjectStore.interrupted(shown, e);
        }
    }

    private static void discard(HttpResponse<?> response) throws IOException {
        if (response.body() instanceof InputStream stream) {
            stream.close();
        }
    }

    private static boolean isRedirect(int status) {
        return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
    }

    /** True while no hop left the user's origin; once it did ({@code origin} null), never again. */
    private static boolean sameOrigin(URI origin, URI at) {
        return origin != null
                && origin.getScheme().equalsIgnoreCase(at.getScheme())
                && origin.getHost().equalsIgnoreCase(at.getHost())
                && port(origin) == port(at);
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0
                ? uri.getPort()
                : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }
}
