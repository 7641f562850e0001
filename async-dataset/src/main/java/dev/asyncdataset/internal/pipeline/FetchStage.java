package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.internal.threads.ThreadName;
import dev.asyncdataset.source.ItemSource;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The I/O stage: every item of a planned batch is fetched at once on its own virtual thread, at
 * most {@link FetchLimit} at a time across all batches, so a batch costs about one storage round
 * trip instead of one per item. Sequential ({@link FetchMode}), one platform thread fetches the
 * items one after the other in the order the batches are submitted (the sampler's), as DJL's loader
 * calls {@code get}; inline, that thread also decodes each item and collates its batch. Each item
 * gets its own CPU sub-manager of the batch manager, which the decode stage closes once the item's
 * final arrays are moved to the batch.
 */
final class FetchStage {

    private final ExecutorService threads;
    private final FetchLimit limit;
    private final ItemSource<?> source;
    private final LoaderEvents.ItemNames keys;
    private final DecodeStage decode;
    private final ItemFailures failures;
    private final StatsCounter stats;
    private final FetchMode mode;
    private final RowGather gather;

    /**
     * @param factory the loader's threads
     * @param source fetches the items
     * @param names how the events name the items
     * @param limit the fetches allowed at once
     * @param decode where fetched items go
     * @param failures handles the items that fail to fetch
     * @param stats the epoch's counters
     * @param mode concurrent, or one thread fetching (and decoding, inline) every item in turn
     * @param gather inline, reads each batch's rows at once and has it collated; or {@code null}
     */
    FetchStage(
            StageThreads factory,
            ItemSource<?> source,
            LoaderEvents.ItemNames names,
            FetchLimit limit,
            DecodeStage decode,
            ItemFailures failures,
            StatsCounter stats,
            FetchMode mode,
            RowGather gather) {
        this.threads =
                mode == FetchMode.CONCURRENT
                        ? Executors.newThreadPerTaskExecutor(factory.virtual(ThreadName.FETCH))
                        : Executors.newSingleThreadExecutor(factory.platform(ThreadName.FETCH));
        this.mode = mode;
        this.gather = mode == FetchMode.INLINE ? gather : null;
        this.source = source;
        this.keys = names;
        this.limit = limit;
        this.decode = decode;
        this.failures = failures;
        this.stats = stats;
    }

    void submit(PendingBatch batch) {
        if (gather != null) {
            execute(() -> decode.gathered(batch, gather));
            return;
        }
        if (mode != FetchMode.CONCURRENT) {
            execute(() -> fetchInTurn(batch));
            return;
        }
        for (int slot = 0; slot < batch.indices.size(); slot++) {
            int item = slot;
            if (!execute(() -> fetch(batch, item))) {
                return;
            }
        }
    }

    private boolean execute(Runnable task) {
        try {
            threads.execute(task);
            return true;
        } catch (RejectedExecutionException stopped) {
            return false;
        }
    }

    private void fetchInTurn(PendingBatch batch) {
        for (int slot = 0; slot < batch.indices.size(); slot++) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            fetch(batch, slot);
        }
    }

    private void fetch(PendingBatch batch, int slot) {
        NDManager items;
        Object fetched;
        try {
            items = batch.manager.newSubManager();
        } catch (IllegalStateException closed) {
            return;
        }
        try {
            ReadyWait.awaitReady(source, batch.indices.get(slot));
            limit.acquire();
            fetched = timed(batch, slot, items);
        } catch (InterruptedException stopped) {
            items.close();
            Thread.currentThread().interrupt();
            return;
        } catch (Exception | LinkageError e) {
            items.close();
            if (failures.handle(batch, slot, e, false)) {
                decode.collateLater(batch);
            }
            return;
        }
        if (mode == FetchMode.INLINE) {
            decode.decode(batch, slot, items, fetched);
        } else {
            decode.submit(batch, slot, items, fetched);
        }
    }

    /** Fetches slot {@code slot}'s item in its fetch slot, then gives the slot back and counts. */
    private Object timed(PendingBatch batch, int slot, NDManager items) throws Exception {
        LoaderEvents.ItemFetch event = new LoaderEvents.ItemFetch();
        long start = System.nanoTime();
        event.begin();
        Object fetched = null;
        boolean succeeded = false;
        try {
            fetched = source.fetch(items, batch.indices.get(slot));
            succeeded = true;
            return fetched;
        } finally {
            long nanos = System.nanoTime() - start;
            limit.release(nanos);
            event.end(stats.epoch, batch.seq, batch.indices.get(slot), keys, fetched, succeeded);
            if (succeeded) {
                record(nanos, batch.indices.get(slot), fetched);
            }
        }
    }

    private void record(long nanos, long index, Object fetched) {
        stats.fetchMicros.recordValue(Math.max(1, nanos / 1000));
        long bytes = LoaderEvents.ItemFetch.bytesOf(fetched);
        if (bytes >= 0) {
            stats.fetched(index, bytes);
        }
    }

    /** Interrupts every fetch in progress; returns at once. */
    void stop() {
        threads.shutdownNow();
    }

    /** Waits, bounded, for the running tasks to end after {@link #stop()}. */
    boolean awaitStopped(long millis) throws InterruptedException {
        return threads.awaitTermination(millis, TimeUnit.MILLISECONDS);
    }
}
