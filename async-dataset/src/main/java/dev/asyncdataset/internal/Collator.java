package dev.asyncdataset.internal;

import ai.djl.ndarray.NDList;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Batchifier;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.DataLoadingException;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Stacks the items of a batch into host arrays once its last item is decoded, on the thread that
 * decoded it, then applies the batch pipeline to the stacked data and the label pipeline to the
 * stacked labels (as DJL's own iterators do) and closes the items.
 */
final class Collator implements Consumer<PendingBatch> {

    private final Batchifier dataBatchifier;
    private final Batchifier labelBatchifier;
    private final Pipeline batchPipeline;
    private final Pipeline targetPipeline;

    Collator(LoaderSpec spec) {
        this.dataBatchifier = spec.dataBatchifier();
        this.labelBatchifier = spec.labelBatchifier();
        this.batchPipeline = spec.batchPipeline();
        this.targetPipeline = spec.targetPipeline();
    }

    @Override
    public void accept(PendingBatch batch) {
        Record[] records = batch.records();
        if (records.length == 0) {
            batch.collated(null, null);
            return;
        }
        NDList[] data = Arrays.stream(records).map(Record::getData).toArray(NDList[]::new);
        NDList[] labels = Arrays.stream(records).map(Record::getLabels).toArray(NDList[]::new);
        NDList[] stacked;
        try {
            stacked = stack(data, labels);
        } catch (RuntimeException e) {
            batch.fail(
                    new DataLoadingException(
                            batch.seq, -1, null, "cannot stack the batch: " + e.getMessage(), e));
            return;
        } finally {
            // before the batch completes: the stager closes the batch manager right after
            Arrays.stream(data).forEach(NDList::close);
            Arrays.stream(labels).forEach(NDList::close);
        }
        batch.collated(stacked[0], stacked[1]);
    }

    private NDList[] stack(NDList[] data, NDList[] labels) {
        NDList stackedData = dataBatchifier.batchify(data);
        NDList stackedLabels = labelBatchifier.batchify(labels);
        if (batchPipeline != null) {
            stackedData = batchPipeline.transform(stackedData);
        }
        if (targetPipeline != null) {
            stackedLabels = targetPipeline.transform(stackedLabels);
        }
        return new NDList[] {stackedData, stackedLabels};
    }
}
