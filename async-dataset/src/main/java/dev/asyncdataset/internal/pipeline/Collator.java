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
 * DecodeStage}).
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

    /** Collates the batch, then completes it: its event ends before the stager can see it. */
    void collate(PendingBatch batch) {
        complete(batch, assembly::collate);
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
        LoaderEvents.BatchCollate event = new LoaderEvents.BatchCollate();
        event.begin();
        int delivered = batch.delivered().size();
        NDList[] arrays = null;
        DataLoadingException failure = null;
        try {
            arrays = delivered == 0 ? null : arrays(host.apply(batch));
        } catch (RuntimeException e) {
            failure =
                    new DataLoadingException(
                            batch.seq, -1, null, "cannot stack the batch: " + e.getMessage(), e);
        }
        event.end(epoch, batch.seq, delivered);
        if (failure != null) {
            batch.fail(failure);
        } else {
            batch.collated(arrays);
        }
    }

    private NDList[] arrays(NDList[] host) {
        NDList data = batchPipeline != null ? batchPipeline.transform(host[0]) : host[0];
        NDList labels = targetPipeline != null ? targetPipeline.transform(host[1]) : host[1];
        return new NDList[] {data, labels};
    }
}
