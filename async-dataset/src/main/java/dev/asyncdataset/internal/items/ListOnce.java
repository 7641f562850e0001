package dev.asyncdataset.internal.items;

import ai.djl.util.Progress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a source lists from storage, listed once: by {@link #prepare}, or by the first {@link #get}
 * if nothing called it.
 *
 * @param <T> the listing
 */
public final class ListOnce<T> {

    /** Lists the items, reporting to a progress (which may be null). */
    @FunctionalInterface
    public interface Lister<T> {
        T list(Progress progress) throws IOException;
    }

    private final Lister<T> lister;

    /** A lock, not a monitor: listing does I/O, which would pin a virtual thread's carrier. */
    private final ReentrantLock listing = new ReentrantLock();

    private volatile T listed;

    public ListOnce(Lister<T> lister) {
        this.lister = lister;
    }

    /** Lists, unless done already. */
    public void prepare(Progress progress) throws IOException {
        listing.lock();
        try {
            if (listed == null) {
                listed = lister.list(progress);
            }
        } finally {
            listing.unlock();
        }
    }

    /**
     * The listing; lists now if {@link #prepare} was not called.
     *
     * @throws UncheckedIOException if that listing fails
     */
    public T get() {
        T done = listed;
        if (done == null) {
            try {
                prepare(null);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            done = listed;
        }
        return done;
    }
}
