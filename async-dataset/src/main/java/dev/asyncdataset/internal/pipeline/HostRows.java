package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import dev.asyncdataset.internal.decode.RowNormalizer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One batch's lease of a {@link HostBuffers} block. Decode threads write item {@code slot}'s pixels
 * into {@link #row} and its label with {@link #label}, each slot once; the collator then makes one
 * array per field from the block ({@link #arrays}), which on the CPU aliases it, or, on the staging
 * thread once the batch holds a hand-over slot, first normalizes the rows into a float block that
 * the lease holds from then on, giving the uint8 block back at once ({@link #normalized}): no
 * decode thread writes a batch's rows once it is collated. The block it holds goes back to the pool
 * exactly once, when nothing can read or write it any more: when the batch's host manager closes
 * (after staging, or when the loader closes after its threads stopped), or, if the trainer's batch
 * aliases it ({@link #keepUntilClosed}), when that batch's manager closes.
 */
final class HostRows implements AutoCloseable {

    private final HostBuffers pool;
    private volatile HostBuffers.Block block;
    private final String uid = UUID.randomUUID().toString();
    private final AtomicBoolean returned = new AtomicBoolean();
    private volatile boolean kept;

    HostRows(HostBuffers.Block block, HostBuffers pool) {
        this.block = block;
        this.pool = pool;
    }

    String uid() {
        return uid;
    }

    /** The bytes of item {@code slot}'s row, a direct buffer from position 0, in native order. */
    ByteBuffer row(int slot) {
        int rowBytes = block.rowBytes();
        return block.pixels().slice(slot * rowBytes, rowBytes).order(ByteOrder.nativeOrder());
    }

    void label(int slot, long label) {
        block.labels().putLong(slot * Long.BYTES, label);
    }

    /**
     * Moves the rows of the filled slots together, in slot order, and creates the (n, item shape)
     * data and (n) int64 label arrays over them in {@code manager}.
     */
    NDList[] arrays(NDManager manager, boolean[] filled) {
        return arrays(manager, compact(filled));
    }

    /**
     * Moves the rows of the filled slots together, normalizes them into a float block of the pool
     * that this lease holds from then on, gives the uint8 block back, and creates the arrays over
     * the float block; on the staging thread, once the batch holds a hand-over slot.
     */
    NDList[] normalized(NDManager manager, boolean[] filled, RowNormalizer normalizer) {
        int n = compact(filled);
        HostBuffers.Block rows = block;
        HostBuffers.Block floats =
                pool.take(filled.length, normalizer.itemShape(), normalizer.dataType());
        normalizer.normalize(rows.pixels(), n, floats.pixels());
        floats.labels().put(0, rows.labels(), 0, n * Long.BYTES);
        block = floats;
        pool.giveBack(rows);
        return arrays(manager, n);
    }

    private NDList[] arrays(NDManager manager, int n) {
        HostBuffers.Block own = block;
        Shape shape = new Shape(n).addAll(own.itemShape());
        NDArray data = manager.create(prefix(own.pixels(), n * own.rowBytes()), shape, own.type());
        NDArray labels =
                manager.create(prefix(own.labels(), n * Long.BYTES), new Shape(n), DataType.INT64);
        return new NDList[] {new NDList(data), new NDList(labels)};
    }

    /** Moves the rows of the filled slots together, in slot order; returns how many there are. */
    private int compact(boolean[] filled) {
        int n = 0;
        for (int slot = 0; slot < filled.length; slot++) {
            if (filled[slot]) {
                moveRow(slot, n++);
            }
        }
        return n;
    }

    /**
     * Gives the block back when {@code batchManager} closes instead of with the host manager; if
     * {@code batchManager} is already closed (the trainer closed its manager), it throws and the
     * block still goes back with the host manager.
     */
    void keepUntilClosed(NDManager batchManager) {
        batchManager.attachInternal(uid, (AutoCloseable) this::giveBack);
        kept = true;
    }

    /** The batch's host manager closes. */
    @Override
    public void close() {
        if (!kept) {
            giveBack();
        }
    }

    private void giveBack() {
        if (returned.compareAndSet(false, true)) {
            pool.giveBack(block);
        }
    }

    private void moveRow(int from, int to) {
        if (from != to) {
            int rowBytes = block.rowBytes();
            block.pixels().put(to * rowBytes, block.pixels(), from * rowBytes, rowBytes);
            label(to, block.labels().getLong(from * Long.BYTES));
        }
    }

    private static ByteBuffer prefix(ByteBuffer buffer, int bytes) {
        return buffer.slice(0, bytes).order(ByteOrder.nativeOrder());
    }
}
