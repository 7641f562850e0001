package dev.asyncdataset.internal.writer;

import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.internal.threads.ThreadName;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongFunction;

/**
 * Fetches items in a given order, up to {@code ahead} of them at once on virtual threads, and hands
 * them out in that order: the latency of one GET is overlapped with the others, while at most
 * {@code ahead} items are held in memory. Closing it cancels the fetches under way and waits for
 * their threads to end.
 */
public final class OrderedFetches<T> implements AutoCloseable {

    /** Reads one item's bytes. */
    @FunctionalInterface
    public interface Fetch<T> {
        T fetch(long index) throws Exception;
    }

    private static final long STOP_MILLIS = 10_000;

    private final Fetch<T> fetch;
    private final LongFunction<String> describe;
    private final long[] order;
    private final int ahead;
    private final StageThreads fetchThreads = new StageThreads();
    private final ExecutorService threads =
            Executors.newThreadPerTaskExecutor(fetchThreads.virtual(ThreadName.SHARD_WRITE_FETCH));
    private final Queue<Future<T>> fetching = new ArrayDeque<>();
    private int submitted;

    /**
     * @param fetch reads an item
     * @param describe names an item in messages
     */
    public OrderedFetches(Fetch<T> fetch, LongFunction<String> describe, long[] order, int ahead) {
        this.fetch = fetch;
        this.describe = describe;
        this.order = order;
        this.ahead = ahead;
    }

    /** Whether the order has items left. */
    public boolean hasNext() {
        return submitted < order.length || !fetching.isEmpty();
    }

    /** The next item of the order; one that cannot be read names the item. */
    public T next() throws IOException {
        while (submitted < order.length && fetching.size() < ahead) {
            long index = order[submitted++];
            fetching.add(threads.submit(() -> fetch.fetch(index)));
        }
        long index = order[submitted - fetching.size()];
        try {
            return fetching.remove().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted reading " + describe.apply(index));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot read " + describe.apply(index), e.getCause());
        }
    }

    @Override
    public void close() {
        fetching.forEach(f -> f.cancel(true));
        threads.shutdownNow();
        threads.close();
        try {
            fetchThreads.joinAll(STOP_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
