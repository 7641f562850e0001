package dev.asyncdataset.internal;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.decode.ImageDecoder;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.decode.RowWriter;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The CPU stage: a fixed pool of platform threads (JNI calls would pin virtual threads' carriers)
 * that decodes fetched items with the item's own random generator, and collates the batches they
 * fill ({@link #onDecodeThread}). On the recycled path an item is decoded straight into its row of
 * the batch's {@link HostRows}; otherwise into a record, then the per-item pipeline runs. Its queue
 * holds at most the items of the batches in flight.
 */
final class DecodeStage {

    private final ExecutorService threads;
    private final ThreadLocal<Boolean> isDecodeThread = ThreadLocal.withInitial(() -> false);

    @SuppressWarnings("rawtypes")
    private final ItemSource source;

    private final Pipeline pipeline;
    private final RowWriter rows;
    private final long seed;
    private final long epoch;
    private final ItemFailures failures;
    private final StatsCounter stats;
    private final FetchLimit limit;

    /**
     * @param factory the loader's threads
     * @param decodeThreads the size of the pool
     * @param source decodes the fetched items
     * @param pipeline the per-item data pipeline, or {@code null}
     * @param rows writes items into batch rows on the recycled path ({@code source} is then a
     *     {@link LabeledImageSource}), or {@code null}
     * @param seed the seed of the items' random generators
     * @param limit told each item's decode time
     * @param failures handles the items that fail to decode
     * @param stats the epoch's counters, which also give the epoch
     */
    DecodeStage(
            StageThreads factory,
            int decodeThreads,
            ItemSource<?> source,
            Pipeline pipeline,
            RowWriter rows,
            long seed,
            FetchLimit limit,
            ItemFailures failures,
            StatsCounter stats) {
        this.threads =
                Executors.newFixedThreadPool(decodeThreads, marked(factory.platform("decode")));
        this.source = source;
        this.pipeline = pipeline;
        this.rows = rows;
        this.seed = seed;
        this.epoch = stats.epoch;
        this.limit = limit;
        this.failures = failures;
        this.stats = stats;
    }

    /**
     * Returns {@code collator} run on this stage's threads: at once on the decode thread that
     * filled a batch's last slot, queued for one when another thread did (a fetch thread skipping a
     * bad item), so that stacking (JNI) never runs on a virtual thread.
     */
    Consumer<PendingBatch> onDecodeThread(Consumer<PendingBatch> collator) {
        return batch -> {
            if (isDecodeThread.get()) {
                collator.accept(batch);
                return;
            }
            try {
                threads.execute(() -> collator.accept(batch));
            } catch (RejectedExecutionException stopped) {
                // the loader is closing and frees the batch with its host manager
            }
        };
    }

    void submit(PendingBatch batch, int slot, NDManager items, Object fetched) {
        try {
            threads.execute(() -> decode(batch, slot, items, fetched));
        } catch (RejectedExecutionException stopped) {
            items.close();
        }
    }

    private void decode(PendingBatch batch, int slot, NDManager items, Object fetched) {
        Record record;
        try {
            record = timed(batch, slot, items, fetched);
        } catch (Exception | LinkageError e) {
            failures.handle(batch, slot, e, true);
            return;
        } finally {
            items.close();
        }
        if (record == null) {
            batch.putRow(slot);
        } else {
            batch.put(slot, record);
        }
    }

    /**
     * Decodes slot {@code slot} with its item's generator and counts the time; returns its record,
     * attached to the batch, or {@code null} when it was written into the batch's rows.
     */
    private Record timed(PendingBatch batch, int slot, NDManager items, Object fetched)
            throws Exception {
        long index = batch.indices.get(slot);
        long start = System.nanoTime();
        Record record =
                ItemRandom.with(
                        seed,
                        epoch,
                        index,
                        () ->
                                batch.rows != null
                                        ? writeRow(batch.rows, slot, items, index, fetched)
                                        : transform(items, index, fetched));
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

    /** Decodes the item into its row and label of {@code target}; there is no record. */
    private Record writeRow(HostRows target, int slot, NDManager items, long index, Object fetched)
            throws BadItemException {
        rows.write(items, (byte[]) fetched, source.describe(index), target.row(slot));
        target.label(slot, ((LabeledImageSource) source).label(index));
        return null;
    }

    @SuppressWarnings("unchecked")
    private Record transform(NDManager items, long index, Object fetched) throws Exception {
        Record record = source.decode(items, index, fetched);
        if (pipeline == null) {
            return record;
        }
        NDList data = pipeline.transform(record.getData());
        return new Record(data, record.getLabels());
    }

    /** Threads that know they are this stage's ({@link #onDecodeThread}). */
    private ThreadFactory marked(ThreadFactory factory) {
        return task ->
                factory.newThread(
                        () -> {
                            isDecodeThread.set(true);
                            try {
                                task.run();
                            } finally {
                                ImageDecoder.releaseThreadBuffers();
                            }
                        });
    }

    /** Stops taking items and interrupts the running ones; returns at once. */
    void stop() {
        threads.shutdownNow();
    }

    /** Waits, bounded, for the running tasks to end after {@link #stop()}. */
    boolean awaitStopped(long millis) throws InterruptedException {
        return threads.awaitTermination(millis, TimeUnit.MILLISECONDS);
    }
}
