package dev.asyncdataset.internal;

import ai.djl.training.dataset.Batch;
import dev.asyncdataset.DataLoadingException;
import dev.asyncdataset.source.ItemSource;
import java.util.function.Supplier;

/**
 * The loader of one epoch, started at most once and closed by whichever comes first: the end of the
 * epoch, the iterator's {@code close()}, the start of the dataset's next epoch ({@link
 * #supersede()}), or the cleaner once the iterator is unreachable. It never refers to the iterator,
 * so that holding it (as {@link CurrentEpoch} does) keeps the cleaner working. Closing it closes
 * the epoch's own source (a streamed view of shards) after the loader, whose close waits for the
 * fetch threads.
 */
final class EpochLoader {

    private final Supplier<Loader> starter;
    private final ItemSource<?> epochSource;
    private Loader loader;
    private boolean closed;
    private volatile boolean superseded;

    /**
     * @param starter starts the loader
     * @param epochSource the source that belongs to this epoch alone, closed after the loader; or
     *     null
     */
    EpochLoader(Supplier<Loader> starter, ItemSource<?> epochSource) {
        this.starter = starter;
        this.epochSource = epochSource;
    }

    /** The failure of an iterator whose epoch was closed because the next one started. */
    static DataLoadingException supersededError() {
        return new DataLoadingException(
                "this epoch's iterator was closed because a newer epoch of the same dataset "
                        + "started (getData was called again)",
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
     * @throws DataLoadingException if loading failed, or the epoch was superseded
     */
    Batch take() throws InterruptedException {
        Loader running = running();
        try {
            Batch batch = running == null ? null : running.take();
            if (superseded && batch != null) {
                batch.close();
            }
            checkNotSuperseded();
            return batch;
        } catch (DataLoadingException e) {
            checkNotSuperseded();
            throw e;
        }
    }

    void checkNotSuperseded() {
        if (superseded) {
            throw supersededError();
        }
    }

    /** Closes the loader because the dataset's next epoch starts. */
    void supersede() {
        superseded = true;
        close();
    }

    /** Stops the loader, if it started, and frees what it holds; later calls do nothing. */
    void close() {
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

    private synchronized Loader running() {
        return loader;
    }
}
