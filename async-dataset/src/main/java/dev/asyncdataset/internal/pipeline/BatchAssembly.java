package dev.asyncdataset.internal.pipeline;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Batchifier;
import ai.djl.translate.Pipeline;
import ai.djl.translate.StackBatchifier;
import dev.asyncdataset.internal.decode.RowNormalizer;
import dev.asyncdataset.internal.decode.RowWriter;
import dev.asyncdataset.source.LabeledImageSource;

/**
 * How the batches of one epoch are assembled, chosen once when the epoch starts ({@link #of}): per
 * item ({@link ItemAssembly}: a record per item, stacked by the batchifiers) or in recycled rows
 * ({@link RowAssembly}: each item decoded straight into its row of a host block lent to its batch).
 * Everything that differs between the two lives here: lending a batch its buffers, decoding an
 * item, making the batch's host arrays, the device pipeline left to run on the device, and what a
 * staged batch's manager must keep alive.
 */
interface BatchAssembly {

    /**
     * Chooses the assembly for an epoch of {@code spec} staged on {@code device}: recycled rows
     * when buffers are recycled, the source is a {@link LabeledImageSource}, the item pipeline is
     * one of {@code ImageRecipes}' with nothing added, both batchifiers stack, and there is no
     * per-batch data pipeline; on a CPU device with {@code ImageRecipes.deviceNormalize()} as the
     * whole device pipeline, the collated rows are normalized into float rows on the CPU. Per item
     * otherwise.
     */
    static BatchAssembly of(LoaderSpec spec, Device device) {
        RowWriter rows = recycles(spec) ? RowWriter.of(spec.pipelines().item()) : null;
        if (rows == null) {
            return new ItemAssembly(spec);
        }
        LabeledImageSource source = (LabeledImageSource) spec.source();
        RowNormalizer normalizer =
                device.isGpu() ? null : rows.normalizer(spec.pipelines().device());
        return new RowAssembly(
                source,
                spec.hostBuffers(),
                rows.itemShape(),
                rows::write,
                normalizer,
                normalizer != null ? null : spec.pipelines().device());
    }

    private static boolean recycles(LoaderSpec spec) {
        Pipelines pipelines = spec.pipelines();
        return spec.hostBuffers() != null
                && spec.source() instanceof LabeledImageSource
                && stacks(pipelines.data())
                && stacks(pipelines.labels())
                && pipelines.batch() == null;
    }

    private static boolean stacks(Batchifier batchifier) {
        return batchifier instanceof StackBatchifier;
    }

    /**
     * Lends a newly planned batch of {@code items} items its buffers, owned by {@code owner}.
     *
     * @return the batch's rows, or {@code null} per item
     */
    HostRows lend(int items, NDManager owner);

    /**
     * Decodes slot {@code slot}'s item with the current item generator: returns its record, or
     * {@code null} once it is written into the batch's rows.
     */
    Record decode(PendingBatch batch, int slot, NDManager items, Object fetched) throws Exception;

    /** Makes the host {data, labels} of a batch whose slots are all filled or skipped. */
    NDList[] collate(PendingBatch batch);

    /**
     * Whether {@link #collate} runs on the staging thread once the batch holds a hand-over slot,
     * rather than on the decode thread that completed it: when collating takes memory that only the
     * batches staged or held by the trainer may hold.
     */
    default boolean collatesWhenStaged() {
        return false;
    }

    /** The per-batch data transforms still to run on the device, or {@code null}. */
    Pipeline devicePipeline();

    /** Ties what the staged batch's arrays alias on {@code device} to {@code batchManager}. */
    void staged(PendingBatch batch, NDManager batchManager, Device device);

    /** The host buffers the epoch's batches are written into, or {@code null} per item. */
    HostBuffers recycled();

    /** What {@code LoaderStats.bufferPath} reports for this assembly. */
    String bufferPath();
}
