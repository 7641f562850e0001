package dev.asyncdataset.internal;

import ai.djl.ndarray.NDList;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Batchifier;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.DataLoadingException;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Makes the host arrays of a batch once its last slot is filled: on the recycled path one array per
 * field over the batch's rows ({@link HostRows#arrays}), otherwise the items stacked (then closed);
 * then applies the batch pipeline to the data and the label pipeline to the labels (as DJL's own
 * iterator does). Runs on a decode thread ({@link DecodeStage#onDecodeThread}).
 */
final class Collator implements Consumer<PendingBatch> {

    private final Batchifier dataBatchifier;
    private final Batchifier labelBatchifier;
    private final Pipeline batchPipeline;
    private final Pipeline targetPipeline;

    /**
     * @param dataBatchifier stacks the items' data
     * @param labelBatchifier stacks the items' labels
     * @param batchPipeline applied to the stacked data, or {@code null}
     * @param targetPipeline applied to the stacked labels, or {@code null}
     */
    Collator(
            Batchifier dataBatchifier,
            Batchifier labelBatchifier,
            Pipeline batchPipeline,
            Pipeline targetPipeline) {
        this.dataBatchifier = dataBatchifier;
        this.labelBatchifier = labelBatchifier;
        this.batchPipeline = batchPipeline;
        this.targetPipeline = targetPipeline;
    }

    @Override
    public void accept(PendingBatch batch) {
        if (batch.delivered().isEmpty()) {
            batch.collated(null, null);
            return;
        }
        NDList[] stacked;
        try {
            stacked =
                    batch.rows != null
                            ? batch.rows.arrays(batch.manager, batch.filled())
                            : stack(batch.records());
            stacked = transform(stacked[0], stacked[1]);
        } catch (RuntimeException e) {
            batch.fail(
                    new DataLoadingException(
                            batch.seq, -1, null, "cannot stack the batch: " + e.getMessage(), e));
            return;
        }
        batch.collated(stacked[0], stacked[1]);
    }

    /**
     * Stacks the records and closes them, before the batch completes: the staging thread closes the
     * batch manager right after.
     */
    private NDList[] stack(Record[] records) {
        NDList[] data = Arrays.stream(records).map(Record::getData).toArray(NDList[]::new);
        NDList[] labels = Arrays.stream(records).map(Record::getLabels).toArray(NDList[]::new);
        try {
            return new NDList[] {dataBatchifier.batchify(data), labelBatchifier.batchify(labels)};
        } finally {
            Arrays.stream(data).forEach(NDList::close);
            Arrays.stream(labels).forEach(NDList::close);
        }
    }

    private NDList[] transform(NDList data, NDList labels) {
        NDList stackedData = batchPipeline != null ? batchPipeline.transform(data) : data;
        NDList stackedLabels = targetPipeline != null ? targetPipeline.transform(labels) : labels;
        return new NDList[] {stackedData, stackedLabels};
    }
}
