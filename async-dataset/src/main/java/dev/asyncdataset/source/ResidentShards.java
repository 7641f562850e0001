package dev.asyncdataset.source;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * The whole shards one streamed epoch holds in memory, each in a buffer of {@link ShardBuffers}.
 * From the first {@link #await} or {@link #acquire} on, a loader thread reads the epoch's shards in
 * the order their first samples come ({@link ShardSpans}), each on a virtual thread of its own into
 * a buffer taken from the pool, with at most {@code capacity} buffers held at once: twice the most
 * shards live at one position of the order, that is the shuffle windows being read and as many read
 * ahead. A shard's buffer goes back to the pool once every sample the epoch reads from it has been
 * taken ({@link #release}), or at {@link #close} once no fetch is reading it; a load that fails
 * gives its buffer back at once and fails every sample of its shard.
 *
 * <p>This cannot deadlock when fetches wait for their shard in {@link #await} before they take a
 * fetch slot: if the loader waits for a buffer, every shard holding one was loaded earlier and
 * still has samples to give; those of the batches in flight are taken (their shards are loaded), so
 * the rest lie in batches not planned yet, after the last planned item, where such shards are live
 * together: at most {@code capacity / 2} of them, so a buffer is free.
 */
final class ResidentShards implements AutoCloseable {

    /** Reads one whole shard into a buffer, returning its length. */
    @FunctionalInterface
    interface ShardReader {
        int read(int shard, byte[] into) throws IOException;
    }

    /** A loaded shard: the buffer and how many of its bytes the shard fills. */
    record Loaded(byte[] bytes, int length) {}

    private static final long STOP_MILLIS = 10_000;

    private final ShardReader reader;
    private final ShardBuffers pool;
    private final ShardSpans spans;
    private final Semaphore free;
    private final Semaphore loading;
    private final List<CompletableFuture<Loaded>> loaded = new ArrayList<>();
    private final int[] active;
    private final boolean[] returned;
    private ExecutorService threads;
    private boolean closed;
    private int held;
    private int peak;

    /**
     * @param reader reads a whole shard into a buffer
     * @param pool the source's shard buffers
     * @param spans where the epoch reads each shard
     */
    ResidentShards(ShardReader reader, ShardBuffers pool, ShardSpans spans) {
        this.reader = reader;
        this.pool = pool;
        this.spans = spans;
        int capacity = Math.min(spans.loadOrder().length, 2 * spans.maxLive());
        this.free = new Semaphore(capacity);
        this.loading = new Semaphore(Math.max(1, spans.maxLive()));
        this.active = new int[spans.remaining().length];
        this.returned = new boolean[active.length];
        for (int shard = 0; shard < active.length; shard++) {
            loaded.add(new CompletableFuture<>());
        }
        pool.keep(capacity);
    }

    /** Waits until {@code shard} is loaded or failed to load; starts the loads if needed. */
    void await(int shard) throws InterruptedException {
        try {
            started(shard).get();
        } catch (ExecutionException e) {
            // acquire reports it
        }
    }

    /**
     * Returns {@code shard}'s bytes, waiting for its load; every call must be followed by one
     * {@link #release} once the sample is copied out, whatever the outcome.
     *
     * @throws ExecutionException carrying why the shard could not be loaded
     * @throws InterruptedException if interrupted while waiting for the load
     */
    Loaded acquire(int shard) throws ExecutionException, InterruptedException {
        CompletableFuture<Loaded> bytes;
        synchronized (this) {
            active[shard]++;
            bytes = started(shard);
        }
        return bytes.get();
    }

    /** Counts one sample of {@code shard} as taken; its buffer goes back after its last one. */
    synchronized void release(int shard) {
        active[shard]--;
        if (--spans.remaining()[shard] <= 0 || closed) {
            giveBackIfIdle(shard);
        }
    }

    /** Returns the bytes of the buffers this epoch holds now. */
    synchronized long heldBytes() {
        return (long) held * pool.bufferBytes();
    }

    /** Returns the most bytes of buffers this epoch held at once. */
    synchronized long peakBytes() {
        return (long) peak * pool.bufferBytes();
    }

    /**
     * Stops the loads and gives back every buffer no fetch is reading; the others go back at their
     * last {@link #release}, a load still running when it ends. Waits, bounded, for the loads.
     */
    @Override
    public void close() {
        ExecutorService running;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            for (int shard = 0; shard < active.length; shard++) {
                loaded.get(shard).completeExceptionally(closedFailure());
                giveBackIfIdle(shard);
            }
            running = threads;
        }
        if (running != null) {
            running.shutdownNow();
            try {
                running.awaitTermination(STOP_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private synchronized CompletableFuture<Loaded> started(int shard) {
        if (threads == null && !closed) {
            threads =
                    Executors.newThreadPerTaskExecutor(
                            Thread.ofVirtual().name("async-dataset-shard-load-", 0).factory());
            threads.execute(this::loadAll);
        }
        CompletableFuture<Loaded> bytes = loaded.get(shard);
        if (closed) {
            return CompletableFuture.failedFuture(closedFailure());
        }
        if (spans.remaining()[shard] <= 0
                || (returned[shard] && !bytes.isCompletedExceptionally())) {
            return CompletableFuture.failedFuture(
                    new IllegalStateException("shard " + shard + ": no sample left to read"));
        }
        return bytes;
    }

    /** The loader thread: one load per shard in order, each once a buffer and a slot are free. */
    private void loadAll() {
        for (int shard : spans.loadOrder()) {
            try {
                free.acquire();
                loading.acquire();
            } catch (InterruptedException closing) {
                return;
            }
            byte[] buffer;
            try {
                buffer = take();
            } catch (OutOfMemoryError e) {
                finish(shard, null, null, e);
                loading.release();
                continue;
            }
            int s = shard;
            try {
                threads.execute(() -> load(s, buffer));
            } catch (RejectedExecutionException closing) {
                finish(shard, buffer, null, closedFailure());
                return;
            }
        }
    }

    private void load(int shard, byte[] buffer) {
        try {
            finish(shard, buffer, new Loaded(buffer, reader.read(shard, buffer)), null);
        } catch (IOException | RuntimeException | Error e) {
            finish(shard, buffer, null, e);
        } finally {
            loading.release();
        }
    }

    private byte[] take() {
        byte[] buffer = pool.take();
        synchronized (this) {
            peak = Math.max(peak, ++held);
        }
        return buffer;
    }

    /** Ends a load: the shard's bytes, or the failure, and then its buffer goes back at once. */
    private synchronized void finish(int shard, byte[] buffer, Loaded bytes, Throwable failure) {
        if (failure == null && !closed) {
            loaded.get(shard).complete(bytes);
            return;
        }
        loaded.get(shard).completeExceptionally(failure != null ? failure : closedFailure());
        returned[shard] = true;
        if (buffer != null) {
            giveBack(buffer);
        } else {
            free.release();
        }
    }

    private void giveBackIfIdle(int shard) {
        CompletableFuture<Loaded> bytes = loaded.get(shard);
        if (active[shard] <= 0
                && !returned[shard]
                && bytes.isDone()
                && !bytes.isCompletedExceptionally()) {
            returned[shard] = true;
            giveBack(bytes.join().bytes());
        }
    }

    private void giveBack(byte[] buffer) {
        held--;
        pool.give(buffer);
        free.release();
    }

    private static IllegalStateException closedFailure() {
        return new IllegalStateException("the epoch's shards were closed");
    }
}
