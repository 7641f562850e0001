package dev.asyncdataset.internal.store.azure;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.util.CoreUtils;
import com.azure.core.util.FluxUtil;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.util.List;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import reactor.adapter.JdkFlowAdapter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * A JDK client's response as the SDK's: the body read once, as it arrives; {@link #close} cancels a
 * body never read, so that its connection is released.
 */
final class JdkResponse extends HttpResponse {

    private final java.net.http.HttpResponse<Flow.Publisher<List<ByteBuffer>>> response;
    private final HttpHeaders headers = new HttpHeaders();
    private final AtomicBoolean read = new AtomicBoolean();

    JdkResponse(
            HttpRequest request,
            java.net.http.HttpResponse<Flow.Publisher<List<ByteBuffer>>> response) {
        super(request);
        this.response = response;
        response.headers()
                .map()
                .forEach((name, values) -> headers.set(HttpHeaderName.fromString(name), values));
    }

    @Override
    public int getStatusCode() {
        return response.statusCode();
    }

    @Override
    public String getHeaderValue(String name) {
        return headers.getValue(HttpHeaderName.fromString(name));
    }

    @Override
    public HttpHeaders getHeaders() {
        return headers;
    }

    @Override
    public Flux<ByteBuffer> getBody() {
        return Flux.defer(
                () -> {
                    if (read.getAndSet(true)) {
                        return Flux.error(new IllegalStateException("the body was read already"));
                    }
                    return JdkFlowAdapter.flowPublisherToFlux(response.body())
                            .flatMapIterable(Function.identity());
                });
    }

    @Override
    public Mono<byte[]> getBodyAsByteArray() {
        return FluxUtil.collectBytesInByteBufferStream(getBody());
    }

    @Override
    public Mono<String> getBodyAsString() {
        return getBodyAsByteArray()
                .map(
                        bytes ->
                                CoreUtils.bomAwareToString(
                                        bytes, headers.getValue(HttpHeaderName.CONTENT_TYPE)));
    }

    @Override
    public Mono<String> getBodyAsString(Charset charset) {
        return getBodyAsByteArray().map(bytes -> new String(bytes, charset));
    }

    /** Cancels the body if it was never read. */
    @Override
    public void close() {
        if (!read.getAndSet(true)) {
            JdkFlowAdapter.flowPublisherToFlux(response.body()).subscribe().dispose();
        }
    }
}
