package dev.asyncdataset.examples.bench;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A JDK {@link HttpResponse.BodySubscriber} writing a body of a known length (its Content-Length)
 * into an array it is given, with no copy of its own; the body it completes with is the byte count.
 * A body longer or shorter than the length fails.
 */
final class ArrayBodySubscriber implements HttpResponse.BodySubscriber<Integer> {

    private final CompletableFuture<Integer> body = new CompletableFuture<>();
    private final byte[] into;
    private final int length;
    private Flow.Subscription subscription;
    private int filled;

    ArrayBodySubscriber(byte[] into, int length) {
        this.into = into;
        this.length = length;
    }

    @Override
    public CompletionStage<Integer> getBody() {
        return body;
    }

    @Override
    public void onSubscribe(Flow.Subscription s) {
        subscription = s;
        s.request(Long.MAX_VALUE);
    }

    @Override
    public void onNext(List<ByteBuffer> buffers) {
        for (ByteBuffer buffer : buffers) {
            int n = buffer.remaining();
            if (n > length - filled) {
                subscription.cancel();
                body.completeExceptionally(
                        new IOException("body longer than its Content-Length " + length));
                return;
            }
            buffer.get(into, filled, n);
            filled += n;
        }
    }

    @Override
    public void onError(Throwable error) {
        body.completeExceptionally(error);
    }

    @Override
    public void onComplete() {
        if (filled == length) {
            body.complete(filled);
        } else {
            body.completeExceptionally(
                    new IOException("truncated body, " + filled + " of " + length + " bytes"));
        }
    }
}
