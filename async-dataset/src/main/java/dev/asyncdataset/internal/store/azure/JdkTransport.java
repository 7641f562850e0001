package dev.asyncdataset.internal.store.azure;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Flow;
import reactor.adapter.JdkFlowAdapter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The SDK's requests sent on the store's own JDK client. The headers the JDK client sets itself
 * ({@code Content-Length}, {@code Host}, ...) are left out quietly, the body's length taken from
 * {@code Content-Length} as Put Block needs it; the SDK's own adapter logs a warning for each.
 */
final class JdkTransport implements com.azure.core.http.HttpClient {

    /** The headers the JDK client refuses to be given: it sets them itself. */
    private static final Set<String> OWN_HEADERS =
            Set.of("connection", "content-length", "expect", "host", "upgrade");

    private final HttpClient client;
    private final Duration firstByte;

    /**
     * @param client the store's client, which the store shuts down
     * @param firstByte how long a request may wait for the response's headers
     */
    JdkTransport(HttpClient client, Duration firstByte) {
        this.client = client;
        this.firstByte = firstByte;
    }

    @Override
    public Mono<HttpResponse> send(HttpRequest request) {
        return Mono.defer(
                () ->
                        Mono.fromCompletionStage(
                                        client.sendAsync(jdk(request), BodyHandlers.ofPublisher()))
                                .map(response -> new JdkResponse(request, response)));
    }

    private java.net.http.HttpRequest jdk(HttpRequest request) {
        java.net.http.HttpRequest.Builder builder;
        try {
            builder = java.net.http.HttpRequest.newBuilder(request.getUrl().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URI: " + request.getUrl(), e);
        }
        request.getHeaders()
                .forEach(
                        header -> {
                            if (!OWN_HEADERS.contains(header.getName().toLowerCase(Locale.ROOT))) {
                                header.getValuesList()
                                        .forEach(v -> builder.header(header.getName(), v));
                            }
                        });
        return builder.timeout(firstByte)
                .method(request.getHttpMethod().toString(), body(request))
                .build();
    }

    /** The request's body, of the length its {@code Content-Length} says if it says one. */
    private static BodyPublisher body(HttpRequest request) {
        Flux<ByteBuffer> body = request.getBody();
        if (body == null) {
            return BodyPublishers.noBody();
        }
        Flow.Publisher<ByteBuffer> bytes = JdkFlowAdapter.publisherToFlowPublisher(body);
        String length = request.getHeaders().getValue(HttpHeaderName.CONTENT_LENGTH);
        if (length == null) {
            return BodyPublishers.fromPublisher(bytes);
        }
        long known = Long.parseLong(length);
        return known < 1 ? BodyPublishers.noBody() : BodyPublishers.fromPublisher(bytes, known);
    }
}
