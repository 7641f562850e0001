package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.internal.threads.ThreadName;
import java.io.IOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Reads one streamed epoch's shards, in the order they are first needed ({@link
 * ShardSpans#loadOrder()}), each whole into a buffer of {@link ShardBuffers} on a virtual thread of
 * its own: at most {@code maxLive + ahead} shards loaded and not yet done with at once, the shards
 * live together and {@code ahead} read ahead (the next load waits for one to end through {@link
 * #giveBack}), each holding its buffer unless it was decoded as it loaded, and at most {@code
 * maxLive} loads at once, or {@link ShardReads#DECODING_LOADS} of shards decoded as they load. Each
 * load ends in one call of {@link Done}, and counts among the loads at once until that call returns
 * (by which a failed load's buffer is back); the thread that reads into a buffer is done with it
 * when it makes that call.
 */
public final class ShardLoader implements AutoCloseable {

    /** Reads one whole shard into a buffer, returning its length. */
    @FunctionalInterface
    public interface ShardReader {
        int read(int shard, byte[] into) throws IOException;
    }

    /** A loaded shard: the buffer and how many of its bytes the shard fills. */
    public record Loaded(byte[] bytes, int length) {

        /**
         * A shard decoded as it loaded ({@link ShardReads.Mode#DECODED_ON_LOAD}): no bytes are
         * kept.
         */
        public static final Loaded DECODED = new Loaded(new byte[0], 0);
    }

    /** Where each load ends: its bytes, or why it failed (with the buffer, or null if none). */
    @FunctionalInterface
    interface Done {
        void loaded(int shard, byte[] buffer, Loaded bytes, Throwable failure);
    }

    private static final long STOP_MILLIS = 10_000;

    private final ShardReader reader;
    private final ShardBuffers pool;
    private final int[] order;
    private final Done done;
    private final boolean decodesOnLoad;
    private final Semaphore free;
    private final Semaphore loading;
    private final StageThreads loadThreads = new StageThreads();
    private ExecutorService threads;
    private int held;
    private int peak;

    ShardLoader(ShardReads reads, ShardSpans spans, Done done) {
        this.reader = reads.reader();
        this.pool = reads.buffers();
        this.order = spans.loadOrder();
        this.done = done;
        this.decodesOnLoad = reads.decodesOnLoad();
        int capacity = Math.min(order.length, spans.maxLive() + reads.ahead(spans.maxLive()));
        int loads = reads.loadsAtOnce(spans.maxLive());
        this.free = new Semaphore(capacity);
        this.loading = new Semaphore(loads);
        pool.keep(decodesOnLoad ? loads : capacity);
    }

    /** Starts the loads, once. */
    synchronized void start() {
        if (threads == null) {
            threads =
                    Executors.newThreadPerTaskExecutor(loadThreads.virtual(ThreadName.SHARD_LOAD));
            threads.execute(this::loadAll);
        }
    }

    /**
     * Takes back a buffer nothing reads any more (or the bytes of {@link Loaded#DECODED}, whose
     * buffer went back as it loaded), freeing room for the next load.
     */
    void giveBack(byte[] buffer) {
        if (buffer != Loaded.DECODED.bytes()) {
            giveBackBuffer(buffer);
        }
        free.release();
    }

    private void giveBackBuffer(byte[] buffer) {
        synchronized (this) {
            held--;
        }
        pool.give(buffer);
    }

    /** Returns the bytes of the buffers held now. */
    synchronized long heldBytes() {
        return (long) held * pool.bufferBytes();
    }

    /** Returns the most bytes of buffers held at once. */
    synchronized long peakBytes() {
        return (long) peak * pool.bufferBytes();
    }

    /** Stops the loads and waits, bounded, for them to end (each still calls {@link Done}). */
    @Override
    public void close() {
        ExecutorService running;
        synchronized (this) {
            running = threads;
        }
        if (running != null) {
            running.shutdownNow();
            try {
                running.awaitTermination(STOP_MILLIS, TimeUnit.MILLISECONDS);
                loadThreads.joinAll(STOP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void loadAll() {
        for (int shard : order) {
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
                loading.release();
                free.release();
                done.loaded(shard, null, null, e);
                continue;
            }
            try {
                threads.execute(() -> load(shard, buffer));
            } catch (RejectedExecutionException closing) {
                done.loaded(shard, buffer, null, closing);
                loading.release();
                return;
            }
        }
    }

    private void load(int shard, byte[] buffer) {
        LoaderEvents.ShardLoad event = new LoaderEvents.ShardLoad();
        event.begin();
        try {
            Loaded bytes = new Loaded(buffer, reader.read(shard, buffer));
            event.end(shard, bytes.length(), true);
            if (decodesOnLoad) {
                giveBackBuffer(buffer);
                bytes = Loaded.DECODED;
            }
            done.loaded(shard, bytes.bytes(), bytes, null);
        } catch (IOException | RuntimeException | Error e) {
            event.end(shard, 0, false);
            done.loaded(shard, buffer, null, e);
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
}
