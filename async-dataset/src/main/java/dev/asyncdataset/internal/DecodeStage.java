package dev.asyncdataset.internal;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.source.ItemSource;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * The CPU stage: a fixed pool of platform threads (JNI calls would pin virtual threads' carriers)
 * that decodes fetched items and applies the per-item pipeline with the item's own random
 * generator. Its queue holds at most the items of the batches in flight.
 */
final class DecodeStage {

    private final ExecutorService threads;

    @SuppressWarnings("rawtypes")
    private final ItemSource source;

    private final Pipeline pipeline;
    private final long seed;
    private final long epoch;
    private final ItemFailures failures;
    private final StatsCounter stats;
    private final FetchLimit limit;

    DecodeStage(
            LoaderSpec spec,
            StageThreads factory,
            FetchLimit limit,
            ItemFailures failures,
            StatsCounter stats) {
        this.stats = stats;
        this.limit = limit;
        this.threads =
                Executors.newFixedThreadPool(spec.decodeThreads(), factory.platform("decode"));
        this.source = spec.source();
        this.pipeline = spec.pipeline();
        this.seed = spec.seed();
        this.epoch = stats.epoch;
        this.failures = failures;
    }

    void submit(PendingBatch batch, int slot, NDManager items, Object fetched) {
        try {
            threads.execute(() -> decode(batch, slot, items, fetched));
        } catch (RejectedExecutionException stopped) {
            items.close();
        }
    }

    private void decode(PendingBatch batch, int slot, NDManager items, Object fetched) {
        long index = batch.indices.get(slot);
        Record record;
        long start = System.nanoTime();
        try {
            record = ItemRandom.with(seed, epoch, index, () -> transform(items, index, fetched));
            long nanos = System.nanoTime() - start;
            stats.decodeNanos.addAndGet(nanos);
            limit.decoded(nanos);
            stats.decoded.incrementAndGet();
            record.getData().attach(batch.manager);
            record.getLabels().attach(batch.manager);
        } catch (Exception | LinkageError e) {
            failures.handle(batch, slot, e, true);
            return;
        } finally {
            items.close();
        }
        batch.put(slot, record);
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

    /** Stops taking items and interrupts the running ones; returns at once. */
    void stop() {
        threads.shutdownNow();
    }

    /** Waits, bounded, for the running tasks to end after {@link #stop()}. */
    boolean awaitStopped(long millis) throws InterruptedException {
        return threads.awaitTermination(millis, TimeUnit.MILLISECONDS);
    }
}
