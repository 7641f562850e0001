package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.ImageDecoder;
import dev.asyncdataset.internal.decode.ItemSeeds;
import dev.asyncdataset.internal.events.LoaderEvents;
import dev.asyncdataset.internal.threads.StageThreads;
import dev.asyncdataset.internal.threads.ThreadName;
import dev.asyncdataset.source.ItemSource;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The CPU stage: a fixed pool of platform threads (JNI calls would pin virtual threads' carriers)
 * that decodes fetched items with the item's own random generator, through the epoch's {@link
 * BatchAssembly} (into the batch's rows, or into a record), and collates each batch on the thread
 * that fills its last slot. Its queue holds at most the items of the batches in flight.
 *
 * <p>Every fetched value handed to it goes back to the source ({@link ItemSource#release}) exactly
 * once, when nothing reads it any more: after its decode, whether it succeeded or failed, and
 * before its slot is filled or skipped; or at once if the stage stopped before decoding it
 * (refused, or still queued when the stage stopped).
 */
final class DecodeStage {

    private final ExecutorService threads;
    private final ItemSource<?> source;
    private final LoaderEvents.ItemNames keys;
    private final BatchAssembly assembly;
    private final Collator collator;
    private final long seed;
    private final long epoch;
    private final ItemFailures failures;
    private final StatsCounter stats;
    private final FetchLimit limit;

    /**
     * @param factory the loader's threads
     * @param decodeThreads the size of the pool
     * @param source the items' source, which takes their fetched values back
     * @param names how the events name the items
     * @param assembly decodes each item into its batch
     * @param collator makes each filled batch's arrays
     * @param seed the seed of the items' random generators
     * @param limit told each item's decode time
     * @param failures handles the items that fail to decode
     * @param stats the epoch's counters, which also give the epoch
     */
    DecodeStage(
            StageThreads factory,
            int decodeThreads,
            ItemSource<?> source,
            LoaderEvents.ItemNames names,
            BatchAssembly assembly,
            Collator collator,
            long seed,
            FetchLimit limit,
            ItemFailures failures,
            StatsCounter stats) {
        this.threads =
                Executors.newFixedThreadPool(
                        decodeThreads,
                        factory.platform(ThreadName.DECODE, ImageDecoder::releaseThreadBuffers));
        this.source = source;
        this.keys = names;
        this.assembly = assembly;
        this.collator = collator;
        this.seed = seed;
        this.epoch = stats.epoch;
        this.limit = limit;
        this.failures = failures;
        this.stats = stats;
    }

    void submit(PendingBatch batch, int slot, NDManager items, Object fetched) {
        try {
            threads.execute(new Decode(this, batch, slot, items, fetched));
        } catch (RejectedExecutionException stopped) {
            items.close();
            release(batch, slot, fetched);
        }
    }

    /** One fetched item to decode; the stage gives its value back if it never runs. */
    private record Decode(
            DecodeStage stage, PendingBatch batch, int slot, NDManager items, Object fetched)
            implements Runnable {
        @Override
        public void run() {
            stage.decode(batch, slot, items, fetched);
        }
    }

    /**
     * Collates {@code batch} on a decode thread: called by a fetch thread whose skipped item was
     * the batch's last, so that stacking (JNI) never runs on a virtual thread.
     */
    void collateLater(PendingBatch batch) {
        try {
            threads.execute(() -> collator.collate(batch));
        } catch (RejectedExecutionException stopped) {
            // the loader is closing and frees the batch with its host manager
        }
    }

    /**
     * Reads a whole batch of in-memory rows at once and completes it on the calling thread (the
     * inline fetch thread); its items count as decoded.
     */
    void gathered(PendingBatch batch, RowGather gather) {
        collator.gathered(batch, gather);
        stats.decoded.addAndGet(batch.indices.size());
    }

    /**
     * Decodes one item on the calling thread (a decode thread, or the inline fetch thread); its
     * fetched value is given back and its item manager closed before the slot is filled or skipped.
     * A value the source fails to take back makes the item bad.
     */
    void decode(PendingBatch batch, int slot, NDManager items, Object fetched) {
        Record record;
        try (items) {
            try {
                record = timed(batch, slot, items, fetched);
            } finally {
                release(batch, slot, fetched);
            }
        } catch (Exception | LinkageError e) {
            collateIf(failures.handle(batch, slot, e, true), batch);
            return;
        }
        collateIf(batch.put(slot, record), batch);
    }

    private void collateIf(boolean lastSlot, PendingBatch batch) {
        if (lastSlot) {
            collator.collate(batch);
        }
    }

    /**
     * Decodes slot {@code slot} with its item's generator and counts the time; returns its record,
     * attached to the batch, or {@code null} when it was written into the batch's rows.
     */
    private Record timed(PendingBatch batch, int slot, NDManager items, Object fetched)
            throws Exception {
        long index = batch.indices.get(slot);
        LoaderEvents.ItemDecode event = new LoaderEvents.ItemDecode();
        long start = System.nanoTime();
        event.begin();
        Record record = null;
        boolean decoded = false;
        try {
            record =
                    ItemSeeds.with(
                            seed, epoch, index, () -> assembly.decode(batch, slot, items, fetched));
            decoded = true;
        } finally {
            event.end(epoch, batch.seq, index, keys, decoded);
        }
        long nanos = System.nanoTime() - start;
        stats.decodeNanos.addAndGet(nanos);
        limit.decoded(nanos);
        stats.decoded.incrementAndGet();
        if (record != null) {
            record.getData().attach(batch.manager);
            record.getLabels().attach(batch.manager);
        }
        return record;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void release(PendingBatch batch, int slot, Object fetched) {
        ((ItemSource) source).release(batch.indices.get(slot), fetched);
    }

    /**
     * Stops taking items, gives back the values of those still queued and interrupts the running
     * ones; returns at once.
     */
    void stop() {
        for (Runnable queued : threads.shutdownNow()) {
            if (queued instanceof Decode item) {
                release(item.batch(), item.slot(), item.fetched());
            }
        }
    }

    /** Waits, bounded, for the running tasks to end after {@link #stop()}. */
    boolean awaitStopped(long millis) throws InterruptedException {
        return threads.awaitTermination(millis, TimeUnit.MILLISECONDS);
    }
}
