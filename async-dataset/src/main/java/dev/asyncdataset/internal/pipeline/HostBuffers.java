package dev.asyncdataset.internal.pipeline;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The recycled host batch buffers of one dataset, kept across its epochs: one block (the pixel rows
 * and the labels of a batch) per batch being decoded, staged or held by the trainer, allocated when
 * no free block of its element type fits and reused from then on. Blocks of each element type are
 * kept apart: uint8 blocks for the batches in flight, float32 blocks for the normalized batches
 * that hold a hand-over slot (bounded as the package documentation's "Normalized rows" states). A
 * block that no longer fits (the item shape or the batch size grew) is dropped to the garbage
 * collector, which frees direct buffers. Who may write a lent block and when it comes back: {@link
 * HostRows}.
 */
public final class HostBuffers {

    /** A batch's memory: {@code rows} rows of one item's data and {@code rows} labels. */
    record Block(ByteBuffer pixels, ByteBuffer labels, Shape itemShape, DataType type, int rows) {

        long bytes() {
            return (long) pixels.capacity() + labels.capacity();
        }

        boolean fits(Shape shape, DataType dataType, int count) {
            return itemShape.equals(shape) && type == dataType && count <= rows;
        }

        int rowBytes() {
            return Math.toIntExact(itemShape.size() * type.getNumOfBytes());
        }
    }

    private final Map<DataType, Queue<Block>> free = new ConcurrentHashMap<>();
    private final AtomicLong bytesHeld = new AtomicLong();

    /** Creates an empty pool; blocks are allocated on first use. */
    public HostBuffers() {}

    /**
     * Returns the bytes of every block this pool allocated and still holds, free or lent.
     *
     * @return the host bytes held
     */
    public long bytesHeld() {
        return bytesHeld.get();
    }

    /**
     * Lends a block for a batch of {@code rows} items of {@code itemShape} and {@code type}, given
     * back when {@code owner} closes unless the lease is kept longer ({@link HostRows}).
     */
    HostRows lend(int rows, Shape itemShape, DataType type, NDManager owner) {
        HostRows lease = new HostRows(take(rows, itemShape, type), this);
        owner.attachInternal(lease.uid(), lease);
        return lease;
    }

    /** A free block for {@code rows} items of {@code itemShape} and {@code type}, or a new one. */
    Block take(int rows, Shape itemShape, DataType type) {
        Queue<Block> queue = free(type);
        Block block;
        while ((block = queue.poll()) != null && !block.fits(itemShape, type, rows)) {
            bytesHeld.addAndGet(-block.bytes());
        }
        return block != null ? block : allocate(rows, itemShape, type);
    }

    void giveBack(Block block) {
        free(block.type()).add(block);
    }

    private Queue<Block> free(DataType type) {
        return free.computeIfAbsent(type, t -> new ConcurrentLinkedQueue<>());
    }

    private Block allocate(int rows, Shape itemShape, DataType type) {
        long rowBytes = itemShape.size() * type.getNumOfBytes();
        Block block =
                new Block(
                        direct(Math.multiplyExact(rowBytes, rows)),
                        direct(8L * rows),
                        itemShape,
                        type,
                        rows);
        bytesHeld.addAndGet(block.bytes());
        return block;
    }

    private static ByteBuffer direct(long bytes) {
        return ByteBuffer.allocateDirect(Math.toIntExact(bytes)).order(ByteOrder.nativeOrder());
    }
}
