package dev.asyncdataset.internal.store.azure;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;

/**
 * The SDK's body, a publisher of buffers, read as a blocking stream: one buffer asked for at a time
 * and copied as it arrives (an HTTP client may reuse it), so a body is never read ahead of its
 * reader by more than one buffer. {@link #close} from any thread cancels the body and makes a
 * blocked {@link #read} fail at once.
 */
final class FluxBody extends InputStream implements Subscriber<ByteBuffer> {

    private final String shown;
    private final Consumer<FluxBody> onClose;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private Subscription subscription;
    private ByteBuffer next;
    private ByteBuffer current = ByteBuffer.allocate(0);
    private Throwable failure;
    private boolean complete;
    private boolean closed;

    /**
     * @param shown the blob's URL, for messages
     * @param onClose told once, when the body is closed
     */
    FluxBody(String shown, Consumer<FluxBody> onClose) {
        this.shown = shown;
        this.onClose = onClose;
    }

    @Override
    public void onSubscribe(Subscription s) {
        lock.lock();
        try {
            subscription = s;
            if (closed) {
                s.cancel();
                return;
            }
        } finally {
            lock.unlock();
        }
        s.request(1);
    }

    @Override
    public void onNext(ByteBuffer buffer) {
        ByteBuffer copy = ByteBuffer.allocate(buffer.remaining()).put(buffer).flip();
        signal(() -> next = copy);
    }

    @Override
    public void onError(Throwable t) {
        signal(() -> failure = t);
    }

    @Override
    public void onComplete() {
        signal(() -> complete = true);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        if (!current.hasRemaining() && !advance()) {
            return -1;
        }
        int n = Math.min(length, current.remaining());
        current.get(into, offset, n);
        return n;
    }

    /** Waits for the next buffer; false at the end of the body. */
    private boolean advance() throws IOException {
        Subscription asked;
        lock.lock();
        try {
            while (next == null && failure == null && !complete && !closed) {
                changed.await();
            }
            if (closed) {
                throw new IOException(shown + ": body closed");
            }
            if (next == null && failure != null) {
                throw AzureErrors.ofBody(shown, failure);
            }
            if (next == null) {
                return false;
            }
            current = next;
            next = null;
            asked = subscription;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(shown + ": interrupted");
        } finally {
            lock.unlock();
        }
        asked.request(1);
        return true;
    }

    /** Cancels the body; a read blocked in another thread fails. */
    @Override
    public void close() {
        Subscription cancelled;
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            cancelled = subscription;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (cancelled != null) {
            cancelled.cancel();
        }
        onClose.accept(this);
    }

    private void signal(Runnable change) {
        lock.lock();
        try {
            change.run();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }
}
