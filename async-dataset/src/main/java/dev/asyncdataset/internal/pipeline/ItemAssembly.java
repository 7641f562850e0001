package dev.asyncdataset.internal.pipeline;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Batchifier;
import ai.djl.translate.Pipeline;
import java.util.Arrays;

/**
 * Batches assembled per item: each item becomes a record (the source's decode, then the per-item
 * pipeline), attached to its batch's manager; the collator stacks them with the batchifiers and
 * closes them; the whole device pipeline runs on the device.
 */
final class ItemAssembly implements BatchAssembly {

    /** The {@link #bufferPath()} of every epoch assembled per item. */
    static final String PATH = "per-item";

    private final LoaderSpec spec;
    private final Batchifier dataBatchifier;
    private final Batchifier labelBatchifier;

    ItemAssembly(LoaderSpec spec) {
        this.spec = spec;
        this.dataBatchifier = spec.pipelines().data();
        this.labelBatchifier = spec.pipelines().labels();
    }

    @Override
    public HostRows lend(int items, NDManager owner) {
        return null;
    }

    @Override
    public Record decode(PendingBatch batch, int slot, NDManager items, Object fetched)
            throws Exception {
        return spec.decode(items, batch.indices.get(slot), fetched);
    }

    /**
     * Stacks the records and closes them, before the batch completes: the staging thread closes the
     * batch manager right after.
     */
    @Override
    public NDList[] collate(PendingBatch batch) {
        Record[] records = batch.records();
        NDList[] data = Arrays.stream(records).map(Record::getData).toArray(NDList[]::new);
        NDList[] labels = Arrays.stream(records).map(Record::getLabels).toArray(NDList[]::new);
        try {
            return new NDList[] {dataBatchifier.batchify(data), labelBatchifier.batchify(labels)};
        } finally {
            Arrays.stream(data).forEach(NDList::close);
            Arrays.stream(labels).forEach(NDList::close);
        }
    }

    @Override
    public Pipeline devicePipeline() {
        return spec.pipelines().device();
    }

    @Override
    public void staged(PendingBatch batch, NDManager batchManager, Device device) {}

    @Override
    public HostBuffers recycled() {
        return null;
    }

    @Override
    public String bufferPath() {
        return PATH;
    }
}
