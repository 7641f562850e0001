package dev.asyncdataset.internal;

import ai.djl.ndarray.NDList;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.DataLoadingException;

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

    /**
     * @param assembly makes the batch's arrays
     * @param batchPipeline applied to the stacked data, or {@code null}
     * @param targetPipeline applied to the stacked labels, or {@code null}
     */
    Collator(BatchAssembly assembly, Pipeline batchPipeline, Pipeline targetPipeline) {
        this.assembly = assembly;
        this.batchPipeline = batchPipeline;
        this.targetPipeline = targetPipeline;
    }

    void collate(PendingBatch batch) {
        if (batch.delivered().isEmpty()) {
            batch.collated(null, null);
            return;
        }
        NDList data;
        NDList labels;
        try {
            NDList[] host = assembly.collate(batch);
            data = batchPipeline != null ? batchPipeline.transform(host[0]) : host[0];
            labels = targetPipeline != null ? targetPipeline.transform(host[1]) : host[1];
        } catch (RuntimeException e) {
            batch.fail(
                    new DataLoadingException(
                            batch.seq, -1, null, "cannot stack the batch: " + e.getMessage(), e));
            return;
        }
        batch.collated(data, labels);
    }
}
