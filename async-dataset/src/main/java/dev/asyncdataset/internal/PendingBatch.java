package dev.asyncdataset.internal;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.DataLoadingException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * One batch between planning and staging: its indices, its item slots in sampler order, the CPU
 * manager that owns its host arrays, and its outcome. Slots are written by the fetch and decode
 * threads, each slot once; the thread that fills the last slot hands the batch to the collator.
 */
final class PendingBatch {

    private static final long POLL_MILLIS = 100;

    final long seq;
    final List<Long> indices;
    final NDManager manager;
    private final Record[] items;
    private final AtomicInteger remaining;
    private final Consumer<PendingBatch> collator;
    private final CompletableFuture<NDList[]> collated = new CompletableFuture<>();

    PendingBatch(long seq, List<Long> indices, NDManager manager, Consumer<PendingBatch> collator) {
        this.seq = seq;
        this.indices = indices;
        this.manager = manager;
        this.items = new Record[indices.size()];
        this.remaining = new AtomicInteger(indices.size());
        this.collator = collator;
    }

    void put(int slot, Record record) {
        items[slot] = record;
        countDown();
    }

    void skip() {
        countDown();
    }

    void fail(DataLoadingException e) {
        collated.completeExceptionally(e);
    }

    /** The records that were not skipped, in sampler order; read once all slots are filled. */
    Record[] records() {
        return Arrays.stream(items).filter(Objects::nonNull).toArray(Record[]::new);
    }

    /** The indices of the records that were not skipped, in sampler order. */
    List<Long> delivered() {
        return IntStream.range(0, items.length)
                .filter(slot -> items[slot] != null)
                .mapToObj(indices::get)
                .toList();
    }

    /** Completes the batch; {@code data} is {@code null} when every item was skipped. */
    void collated(NDList data, NDList labels) {
        collated.complete(data == null ? null : new NDList[] {data, labels});
    }

    /**
     * Waits for the stacked {data, labels}, or {@code null} if every item was skipped.
     *
     * @param alive checked while waiting; when false the wait ends with an exception
     */
    NDList[] await(BooleanSupplier alive) throws InterruptedException {
        while (true) {
            if (!alive.getAsBoolean()) {
                throw StagingRing.trainerClosed();
            }
            try {
                return collated.get(POLL_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                continue;
            } catch (ExecutionException e) {
                throw (DataLoadingException) e.getCause();
            }
        }
    }

    boolean isDone() {
        return collated.isDone();
    }

    CompletableFuture<NDList[]> outcome() {
        return collated;
    }

    private void countDown() {
        if (remaining.decrementAndGet() == 0) {
            collator.accept(this);
        }
    }
}
