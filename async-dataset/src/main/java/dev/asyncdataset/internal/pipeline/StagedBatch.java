package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Batchifier;
import dev.asyncdataset.internal.events.LoaderEvents;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A {@link Batch} that occupies a slot of the {@link HandOverSlots} until it is closed. Closing it
 * (EasyTrain does, once per batch) frees its device arrays and lets the staging thread prepare the
 * next batch; closing it again does nothing.
 */
final class StagedBatch extends Batch {

    private final AtomicBoolean closed = new AtomicBoolean();
    private final Runnable releaseSlot;
    private final long epoch;
    private final long seq;
    private final long lastItem;
    private final LoaderEvents.BatchHeld held = new LoaderEvents.BatchHeld();

    StagedBatch(
            NDManager manager,
            NDList data,
            NDList labels,
            Batchifier dataBatchifier,
            Batchifier labelBatchifier,
            long progress,
            long progressTotal,
            List<Long> indices,
            long epoch,
            long seq,
            long lastItem,
            Runnable releaseSlot) {
        super(
                manager,
                data,
                labels,
                indices.size(),
                dataBatchifier,
                labelBatchifier,
                progress,
                progressTotal,
                indices);
        this.releaseSlot = releaseSlot;
        this.epoch = epoch;
        this.seq = seq;
        this.lastItem = lastItem;
    }

    /** The index of the item that completed the batch, as the batch's indices number it. */
    long lastItem() {
        return lastItem;
    }

    /** The trainer takes the batch: its {@code BatchHeld} event starts. */
    void handedOver() {
        held.begin();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                super.close();
            } finally {
                releaseSlot.run();
                held.end(epoch, seq);
            }
        }
    }
}
