package dev.asyncdataset.internal.epochs;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import com.google.errorprone.annotations.concurrent.GuardedBy;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.pipeline.Loader;
import dev.asyncdataset.source.ItemSource;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The loader of one epoch, started at most once and closed by whichever comes first: the end of the
 * epoch, the iterator's {@code close()}, the start of an epoch beyond the dataset's cap of live
 * epochs ({@link #evict}), or the cleaner once the iterator is unreachable. It never refers to the
 * iterator, so that holding it (as {@link LiveEpochs} does) keeps the cleaner working. Closing it
 * closes the epoch's own source (a streamed view of shards) after the loader, whose close waits for
 * the fetch threads.
 */
final class EpochLoader {

    /** Orders the epochs of the process by when each was last advanced. */
    private static final AtomicLong TICKS = new AtomicLong();

    private final Supplier<Loader> starter;
    private final ItemSource<?> epochSource;
    private final NDManager trainer;
    private final Object closing = new Object();

    @GuardedBy("closing")
    private boolean freed;

    private Loader loader;
    private boolean closed;
    private volatile long lastAdvanced = TICKS.incrementAndGet();
    // the cap of live epochs that closed this one; 0 while it was not evicted
    private volatile int evictedAtCap;

    /**
     * @param starter starts the loader
     * @param epochSource the source that belongs to this epoch alone, closed after the loader; or
     *     null
     * @param trainer the manager given to {@code getData}
     */
    EpochLoader(Supplier<Loader> starter, ItemSource<?> epochSource, NDManager trainer) {
        this.starter = starter;
        this.epochSource = epochSource;
        this.trainer = trainer;
    }

    /** The failure of an iterator whose epoch was closed to keep at most {@code cap} live. */
    static DataLoadingException evictedError(int cap) {
        return new DataLoadingException(
                "this epoch's iterator was closed: getData started more than "
                        + cap
                        + " live epochs of the same dataset (optMaxLiveEpochs), and this one was"
                        + " advanced least recently",
                null);
    }

    synchronized void start() {
        if (loader == null && !closed) {
            loader = starter.get();
        }
    }

    /**
     * Takes the next batch; {@code null} at the end of the epoch or if it was closed.
     *
     * @throws DataLoadingException if loading failed, or the epoch was evicted
     */
    Batch take() throws InterruptedException {
        lastAdvanced = TICKS.incrementAndGet();
        Loader running = running();
        try {
            Batch batch = running == null ? null : running.take();
            if (evictedAtCap != 0 && batch != null) {
                batch.close();
            }
            checkNotEvicted();
            return batch;
        } catch (DataLoadingException e) {
            checkNotEvicted();
            throw e;
        }
    }

    void checkNotEvicted() {
        int cap = evictedAtCap;
        if (cap != 0) {
            throw evictedError(cap);
        }
    }

    /** When this epoch was last advanced, in an order shared by all epochs. */
    long lastAdvanced() {
        return lastAdvanced;
    }

    /** Closes the loader because more than {@code cap} epochs of the dataset became live. */
    void evict(int cap) {
        evictedAtCap = cap;
        close();
    }

    /**
     * Stops the loader, if it started, and frees what it holds; a call while another closes waits
     * until that one has freed it all (its waits are bounded), so that an epoch started after any
     * close takes none of the memory this one still held; later calls do nothing.
     */
    void close() {
        synchronized (closing) {
            if (freed) {
                return;
            }
            freed = true;
            Loader running;
            synchronized (this) {
                closed = true;
                running = loader;
            }
            if (running != null) {
                running.close();
            }
            if (epochSource != null) {
                epochSource.close();
            }
        }
    }

    synchronized boolean isClosed() {
        return closed;
    }

    /** Whether no batch can be taken any more: closed, or the trainer's manager is closed. */
    boolean isOver() {
        return isClosed() || !trainer.isOpen();
    }

    private synchronized Loader running() {
        return loader;
    }
}
