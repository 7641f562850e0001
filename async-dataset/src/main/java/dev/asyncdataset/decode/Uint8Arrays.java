package dev.asyncdataset.decode;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.function.Consumer;

/**
 * Creates HWC uint8 arrays without leaving native memory to the garbage collector.
 *
 * <p>An array created from a buffer keeps a direct {@code ByteBuffer} alive that only the GC frees
 * (DESIGN: DJL's memory swings by GBs that way). Here pixels are written into one reused direct
 * buffer per thread ({@link #fill}), and either written from there into a recycled batch buffer
 * ({@link RecipeRows}) or wrapped as an array and copied once into engine-owned memory that {@code
 * close()} frees, the wrapper closed at once. A thread that ends hands its buffer to the next
 * thread that decodes ({@link #releaseScratch}), so a loader's decode threads, new every epoch,
 * keep reusing the same few buffers.
 */
final class Uint8Arrays {

    private static final ThreadLocal<ByteBuffer> SCRATCH = new ThreadLocal<>();
    private static final Deque<ByteBuffer> RELEASED = new ConcurrentLinkedDeque<>();

    private Uint8Arrays() {}

    /**
     * Creates an (height, width, 3) uint8 array from pixels that {@code fill} writes.
     *
     * @param manager where the array is created
     * @param height the height
     * @param width the width
     * @param fill writes exactly height * width * 3 bytes, in HWC RGB order, into the buffer
     * @return the new array, owned by {@code manager}
     */
    static NDArray create(NDManager manager, int height, int width, Consumer<ByteBuffer> fill) {
        return create(manager, fill(height, width, fill));
    }

    /**
     * Copies {@code pixels} into a new array.
     *
     * @param manager where the array is created
     * @param pixels the pixels
     * @return the new (height, width, 3) uint8 array, owned by {@code manager}
     */
    static NDArray create(NDManager manager, Pixels pixels) {
        Shape shape = new Shape(pixels.height(), pixels.width(), 3);
        try (NDArray alias = manager.create(pixels.buffer(), shape, DataType.UINT8)) {
            return alias.duplicate();
        }
    }

    /**
     * Has {@code fill} write (height, width, 3) pixels into this thread's reused buffer.
     *
     * @param height the height
     * @param width the width
     * @param fill writes exactly height * width * 3 bytes, in HWC RGB order, into the buffer
     * @return the pixels, valid until this thread fills its buffer again
     */
    static Pixels fill(int height, int width, Consumer<ByteBuffer> fill) {
        ByteBuffer buffer = scratch(Math.multiplyExact(Math.multiplyExact(height, width), 3));
        fill.accept(buffer);
        buffer.rewind();
        return new Pixels(buffer, height, width);
    }

    /** Hands this thread's buffer, if any, to the next thread that has none. */
    static void releaseScratch() {
        ByteBuffer buffer = SCRATCH.get();
        if (buffer != null) {
            SCRATCH.remove();
            RELEASED.push(buffer);
        }
    }

    private static ByteBuffer scratch(int size) {
        ByteBuffer buffer = SCRATCH.get();
        if (buffer == null || buffer.capacity() < size) {
            buffer = RELEASED.poll();
            if (buffer == null || buffer.capacity() < size) {
                buffer = ByteBuffer.allocateDirect(size).order(ByteOrder.nativeOrder());
            }
            SCRATCH.set(buffer);
        }
        buffer.clear().limit(size);
        return buffer.slice();
    }
}
