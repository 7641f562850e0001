package dev.asyncdataset.internal.pipeline;

import ai.djl.Device;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.internal.decode.RowNormalizer;
import dev.asyncdataset.source.LabeledImageSource;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Batches assembled in recycled rows: each planned batch borrows a {@link HostBuffers} block, each
 * decode thread writes its item's row (and label) straight into it, and the collator makes one
 * array per field over the block. Rows are uint8 (H, W, 3): in flight a batch holds a quarter of
 * what its floats would take. The device pipeline finishes them on the device, or, when it only
 * normalizes and the device is the CPU, the batch is collated on the staging thread once it holds a
 * hand-over slot: normalized into a float32 (3, H, W) block, its uint8 block given back at once.
 * Who may write a block and when it comes back: {@link HostRows}.
 */
final class RowAssembly implements BatchAssembly {

    /** Writes one decoded item into its row. */
    @FunctionalInterface
    interface RowWrite {
        void write(NDManager manager, ByteBuffer encoded, String key, ByteBuffer row)
                throws IOException;
    }

    private final LabeledImageSource source;
    private final HostBuffers buffers;
    private final Shape itemShape;
    private final RowWrite write;
    private final RowNormalizer normalizer;
    private final Pipeline devicePipeline;

    /**
     * @param source the labeled images
     * @param buffers the dataset's recycled blocks
     * @param itemShape the shape of one uint8 row
     * @param write decodes an item into its row
     * @param normalizer normalizes the collated rows into float rows, or {@code null}
     * @param devicePipeline what remains to run on the device, or {@code null}
     */
    RowAssembly(
            LabeledImageSource source,
            HostBuffers buffers,
            Shape itemShape,
            RowWrite write,
            RowNormalizer normalizer,
            Pipeline devicePipeline) {
        this.source = source;
        this.buffers = buffers;
        this.itemShape = itemShape;
        this.write = write;
        this.normalizer = normalizer;
        this.devicePipeline = devicePipeline;
    }

    @Override
    public HostRows lend(int items, NDManager owner) {
        return buffers.lend(items, itemShape, DataType.UINT8, owner);
    }

    @Override
    public Record decode(PendingBatch batch, int slot, NDManager items, Object fetched)
            throws IOException {
        long index = batch.indices.get(slot);
        write.write(items, (ByteBuffer) fetched, source.describe(index), batch.rows.row(slot));
        batch.rows.label(slot, source.label(index));
        return null;
    }

    @Override
    public NDList[] collate(PendingBatch batch) {
        return normalizer == null
                ? batch.rows.arrays(batch.manager, batch.filled())
                : batch.rows.normalized(batch.manager, batch.filled(), normalizer);
    }

    /** Normalizing takes a float block, which only staged batches hold. */
    @Override
    public boolean collatesWhenStaged() {
        return normalizer != null;
    }

    @Override
    public Pipeline devicePipeline() {
        return devicePipeline;
    }

    /**
     * On a GPU the batch was copied and its block goes back with the host manager; on the CPU the
     * batch's arrays alias the block, so it goes back when the trainer closes the batch.
     */
    @Override
    public void staged(PendingBatch batch, NDManager batchManager, Device device) {
        if (!device.isGpu()) {
            batch.rows.keepUntilClosed(batchManager);
        }
    }

    @Override
    public HostBuffers recycled() {
        return buffers;
    }

    @Override
    public String bufferPath() {
        return normalizer == null ? "recycled" : "recycled-normalized";
    }
}
