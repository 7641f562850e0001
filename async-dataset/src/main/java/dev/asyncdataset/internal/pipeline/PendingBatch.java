package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.epoch.DataLoadingException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * One batch between planning and staging: its indices, its item slots in sampler order, the CPU
 * manager that owns its host arrays, its recycled rows on that path, and its outcome. Slots are
 * written by the fetch and decode threads, each slot once (a record, or a row written into {@link
 * #rows}); the call that fills or skips the last slot returns {@code true}, and its thread has the
 * batch collated ({@link DecodeStage}).
 */
final class PendingBatch {

    /** The result of a batch whose slots are all written, collated on the staging thread. */
    static final NDList[] UNCOLLATED = new NDList[0];

    final long seq;
    final List<Long> indices;
    final NDManager manager;

    /** The batch's lease of a recycled block, or {@code null} on the per-item path. */
    final HostRows rows;

    private final Record[] items;
    private final boolean[] filled;
    private final AtomicInteger remaining;
    private volatile int lastSlot;
    private final CompletableFuture<NDList[]> collated = new CompletableFuture<>();

    PendingBatch(long seq, List<Long> indices, NDManager manager, HostRows rows) {
        this.seq = seq;
        this.indices = indices;
        this.manager = manager;
        this.rows = rows;
        this.items = new Record[indices.size()];
        this.filled = new boolean[indices.size()];
        this.remaining = new AtomicInteger(indices.size());
    }

    /**
     * Fills slot {@code slot} with its record, or, for {@code null}, marks its row of {@link #rows}
     * written.
     *
     * @return whether this was the batch's last open slot
     */
    boolean put(int slot, Record record) {
        items[slot] = record;
        filled[slot] = true;
        return countDown(slot);
    }

    /**
     * Leaves slot {@code slot} empty (its item was skipped).
     *
     * @return whether this was the batch's last open slot
     */
    boolean skip(int slot) {
        return countDown(slot);
    }

    /** The index of the item whose slot was filled or skipped last; read once all are. */
    long lastIndex() {
        return indices.get(lastSlot);
    }

    void fail(DataLoadingException e) {
        collated.completeExceptionally(e);
    }

    /** The records that were not skipped, in sampler order; read once all slots are filled. */
    Record[] records() {
        return Arrays.stream(items).filter(Objects::nonNull).toArray(Record[]::new);
    }

    /** Which slots were filled, not skipped; read once all slots are filled. */
    boolean[] filled() {
        return filled.clone();
    }

    /** The indices of the items that were not skipped, in sampler order. */
    List<Long> delivered() {
        return IntStream.range(0, items.length)
                .filter(slot -> filled[slot])
                .mapToObj(indices::get)
                .toList();
    }

    /**
     * Completes the batch with its {data, labels}, {@code null} when every item was skipped, or
     * {@link #UNCOLLATED}.
     */
    void collated(NDList[] arrays) {
        collated.complete(arrays);
    }

    /**
     * Returns the stacked {data, labels}, {@code null} if every item was skipped, or {@link
     * #UNCOLLATED}; call once the outcome is done.
     *
     * @throws DataLoadingException if the batch failed
     */
    NDList[] result() {
        if (collated.state() == Future.State.FAILED) {
            throw (DataLoadingException) collated.exceptionNow();
        }
        return collated.resultNow();
    }

    boolean isDone() {
        return collated.isDone();
    }

    CompletableFuture<NDList[]> outcome() {
        return collated;
    }

    private boolean countDown(int slot) {
        if (remaining.decrementAndGet() != 0) {
            return false;
        }
        lastSlot = slot;
        return true;
    }
}
