package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDList;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.events.LoaderEvents;
import java.util.function.Function;

/**
 * Makes the host arrays of a batch once its last slot is filled or skipped ({@link
 * BatchAssembly#collate}), then applies the batch pipeline to the data and the label pipeline to
 * the labels (as DJL's own iterator does), and completes the batch. Runs on a decode thread ({@link
 * DecodeStage}), or, when the assembly collates staged batches only ({@link
 * BatchAssembly#collatesWhenStaged}), on the staging thread once the batch holds a hand-over slot
 * ({@link #staged}); the decode thread then only completes the batch.
 */
final class Collator {

    private final BatchAssembly assembly;
    private final Pipeline batchPipeline;
    private final Pipeline targetPipeline;
    private final long epoch;

    /**
     * @param assembly makes the batch's arrays
     * @param batchPipeline applied to the stacked data, or {@code null}
     * @param targetPipeline applied to the stacked labels, or {@code null}
     * @param epoch the epoch, for the events
     */
    Collator(BatchAssembly assembly, Pipeline batchPipeline, Pipeline targetPipeline, long epoch) {
        this.assembly = assembly;
        this.batchPipeline = batchPipeline;
        this.targetPipeline = targetPipeline;
        this.epoch = epoch;
    }

    /**
     * Collates the batch, or leaves that to the staging thread, then completes it: its event ends
     * before the stager can see it.
     */
    void collate(PendingBatch batch) {
        if (assembly.collatesWhenStaged() && !batch.delivered().isEmpty()) {
            batch.collated(PendingBatch.UNCOLLATED);
        } else {
            complete(batch, assembly::collate);
        }
    }

    /**
     * Returns the host arrays of a batch that holds a hand-over slot: {@code host}, the batch's
     * result, or, if the batch was left for the staging thread, its arrays collated now.
     *
     * @throws DataLoadingException if the batch cannot be collated
     */
    NDList[] staged(PendingBatch batch, NDList[] host) {
        return host == PendingBatch.UNCOLLATED ? arrays(batch, assembly::collate) : host;
    }

    /**
     * Completes a batch whose rows {@code gather} reads at once, every slot filled, with the same
     * pipelines as a collated one.
     */
    void gathered(PendingBatch batch, RowGather gather) {
        long[] indices = batch.indices.stream().mapToLong(Long::longValue).toArray();
        for (int slot = 0; slot < indices.length; slot++) {
            batch.put(slot, null);
        }
        complete(batch, filled -> gather.gather(filled.manager, indices));
    }

    private void complete(PendingBatch batch, Function<PendingBatch, NDList[]> host) {
        try {
            batch.collated(arrays(batch, host));
        } catch (DataLoadingException e) {
            batch.fail(e);
        }
    }

    /** The batch's arrays, {@code null} when every item was skipped, pipelines applied. */
    private NDList[] arrays(PendingBatch batch, Function<PendingBatch, NDList[]> host) {
        LoaderEvents.BatchCollate event = new LoaderEvents.BatchCollate();
        event.begin();
        int delivered = batch.delivered().size();
        try {
            return delivered == 0 ? null : pipelines(host.apply(batch));
        } catch (RuntimeException e) {
            throw new DataLoadingException(
                    batch.seq, -1, null, "cannot stack the batch: " + e.getMessage(), e);
        } finally {
            event.end(epoch, batch.seq, delivered);
        }
    }

    private NDList[] pipelines(NDList[] host) {
        NDList data = batchPipeline != null ? batchPipeline.transform(host[0]) : host[0];
        NDList labels = targetPipeline != null ? targetPipeline.transform(host[1]) : host[1];
        return new NDList[] {data, labels};
    }
}
