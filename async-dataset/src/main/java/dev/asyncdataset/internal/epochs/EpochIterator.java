package dev.asyncdataset.internal.epochs;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.pipeline.Loader;
import dev.asyncdataset.internal.pipeline.LoaderSpec;
import dev.asyncdataset.internal.pipeline.StatsCounter;
import dev.asyncdataset.internal.pipeline.TrainerManager;
import dev.asyncdataset.internal.threads.ThreadName;
import java.lang.ref.Cleaner;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * One epoch as DJL iterates it, like DJL's {@code DataIterable}: what {@code
 * ConcurrentDataset.getData} returns. The loader starts on {@link #iterator()} and is closed when
 * the epoch ends, when it fails, when {@link #close()} is called, when the trainer's manager is
 * closed, or, if the caller abandons the loop, when it is evicted for an epoch beyond the dataset's
 * cap of live epochs ({@link LiveEpochs}) or this object becomes unreachable, whichever is first.
 *
 * <p>Once the trainer's manager is closed, or the epoch was evicted, {@code hasNext} and {@code
 * next} throw a {@link DataLoadingException} (unless the epoch had already ended), and never hand
 * out a batch whose arrays are freed.
 */
public final class EpochIterator implements Iterable<Batch>, Iterator<Batch>, AutoCloseable {

    private static final Cleaner CLEANER =
            Cleaner.create(
                    Thread.ofPlatform().name(ThreadName.CLEANER.prefix()).daemon().factory());

    private final EpochLoader loader;
    private final NDManager trainer;
    private final StatsCounter stats;
    private Batch next;
    private boolean ended;

    /**
     * Creates an epoch that has not started yet.
     *
     * @param spec the loader's configuration
     * @param trainer the manager given to {@code getData}
     * @param sample the sampler's iterator for this epoch
     * @param total the dataset size
     * @param consumed the items of the epoch delivered before a restart, where progress starts
     * @param stats the epoch's counters
     * @param epochOwned whether {@code spec}'s source belongs to this epoch alone (a streamed view
     *     of shards), to be closed with it
     */
    public EpochIterator(
            LoaderSpec spec,
            NDManager trainer,
            Iterator<List<Long>> sample,
            long total,
            long consumed,
            StatsCounter stats,
            boolean epochOwned) {
        this.loader =
                new EpochLoader(
                        () -> Loader.start(spec, trainer, sample, total, consumed, stats),
                        epochOwned ? spec.source() : null,
                        trainer);
        this.trainer = trainer;
        this.stats = stats;
        CLEANER.register(this, loader::close);
    }

    /** Starts the epoch's loader, unless the epoch has ended: DJL's {@code iterator()} call. */
    @Override
    public Iterator<Batch> iterator() {
        start();
        return this;
    }

    private void start() {
        if (!ended) {
            stats.started();
            loader.start();
        }
    }

    @Override
    public boolean hasNext() {
        LoaderEvents.TrainerWait wait = stats.waitStarts();
        try {
            return peek() != null;
        } finally {
            stats.waitEnds(wait, next);
        }
    }

    @Override
    public Batch next() {
        LoaderEvents.TrainerWait wait = stats.waitStarts();
        Batch batch = null;
        try {
            batch = peek();
            if (batch == null) {
                throw new NoSuchElementException("the epoch has ended");
            }
            next = null;
            stats.handedOut(batch);
            return batch;
        } finally {
            stats.waitEnds(wait, batch);
        }
    }

    /** Stops the loader and frees the batches it staged but did not hand out. */
    @Override
    public void close() {
        ended = true;
        stats.ended();
        if (next != null) {
            next.close();
            next = null;
        }
        loader.close();
    }

    EpochLoader loader() {
        return loader;
    }

    private Batch peek() {
        if (ended) {
            return null;
        }
        start();
        try {
            checkUsable();
            if (next == null) {
                next = loader.take();
            }
            checkUsable();
        } catch (InterruptedException e) {
            close();
            Thread.currentThread().interrupt();
            throw new DataLoadingException("interrupted while waiting for the next batch", e);
        } catch (DataLoadingException e) {
            close();
            throw e;
        }
        if (next == null) {
            close();
        }
        return next;
    }

    /** Throws if the trainer's manager is closed or the epoch was evicted. */
    private void checkUsable() {
        if (!trainer.isOpen()) {
            throw TrainerManager.closedError();
        }
        loader.checkNotEvicted();
    }
}
