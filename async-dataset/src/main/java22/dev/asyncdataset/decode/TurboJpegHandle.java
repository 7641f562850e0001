package dev.asyncdataset.decode;

import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;
import java.nio.ByteBuffer;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * One decode thread's TurboJPEG state: a decompressor (TurboJPEG handles are not thread-safe), a
 * native buffer for the JPEG bytes, grown as needed and reused, and room for the header fields. The
 * decompressor is destroyed after it failed ({@link #spoil}), or once its thread is gone and the
 * state unreachable; the buffers belong to an automatic arena, freed then too. A thread that ends
 * can instead hand its state to the next thread that decodes ({@link #releaseCurrent}). Native
 * memory per thread: the largest JPEG seen, plus about 20 KB.
 */
final class TurboJpegHandle {

    private static final Cleaner CLEANER = Cleaner.create();
    private static final ThreadLocal<TurboJpegHandle> CURRENT = new ThreadLocal<>();
    private static final Deque<TurboJpegHandle> RELEASED = new ConcurrentLinkedDeque<>();

    private final MemorySegment pointer;
    private Cleaner.Cleanable destroyer;
    private final MemorySegment header = Arena.ofAuto().allocate(JAVA_INT, 4);
    private MemorySegment jpeg = MemorySegment.NULL;
    private boolean spoiled;

    private TurboJpegHandle(MemorySegment pointer) {
        this.pointer = pointer;
    }

    /**
     * Returns this thread's state, created on first use.
     *
     * @param init {@code tjInitDecompress}
     * @param destroy {@code tjDestroy}
     * @param jpegSize the size of the next JPEG
     * @return the state, with an input buffer of at least {@code jpegSize} bytes
     */
    static TurboJpegHandle of(MethodHandle init, MethodHandle destroy, int jpegSize) {
        TurboJpegHandle handle = CURRENT.get();
        if (handle == null && (handle = RELEASED.poll()) != null) {
            CURRENT.set(handle);
        }
        if (handle == null) {
            handle = new TurboJpegHandle(create(init));
            MemorySegment pointer = handle.pointer;
            handle.destroyer = CLEANER.register(handle, () -> destroy(destroy, pointer));
            CURRENT.set(handle);
        }
        if (handle.jpeg.byteSize() < jpegSize) {
            handle.jpeg = Arena.ofAuto().allocate(Math.max(jpegSize, 256 * 1024));
        }
        return handle;
    }

    /**
     * Hands this thread's state, if any, to the next thread that has none, instead of leaving it to
     * the garbage collector (a decode thread that ends).
     */
    static void releaseCurrent() {
        TurboJpegHandle handle = CURRENT.get();
        if (handle != null) {
            CURRENT.remove();
            RELEASED.push(handle);
        }
    }

    MemorySegment pointer() {
        return pointer;
    }

    /** Returns the header fields, zeroed: a failed header call may leave them unwritten. */
    MemorySegment header() {
        return header.fill((byte) 0);
    }

    /**
     * Marks the decompressor for replacement after an error: libjpeg can leave a decompressor that
     * failed inside a header in a state where the next image fails too.
     */
    void spoil() {
        spoiled = true;
    }

    /** Destroys the decompressor and forgets it if it was spoiled; called once an image is done. */
    void settle() {
        if (spoiled) {
            CURRENT.remove();
            destroyer.clean();
        }
    }

    /**
     * Copies {@code bytes}, from position 0 to its limit, into the input buffer and returns the
     * slice holding them: libjpeg reads native memory, and the frame header may be edited there.
     */
    MemorySegment copyIn(ByteBuffer bytes) {
        MemorySegment.copy(MemorySegment.ofBuffer(bytes), 0, jpeg, 0, bytes.limit());
        return jpeg.asSlice(0, bytes.limit());
    }

    private static MemorySegment create(MethodHandle init) {
        try {
            MemorySegment pointer = (MemorySegment) init.invokeExact();
            if (pointer.equals(MemorySegment.NULL)) {
                throw new IllegalStateException("tjInitDecompress failed");
            }
            return pointer;
        } catch (Throwable e) {
            throw new IllegalStateException("TurboJPEG could not start", e);
        }
    }

    private static void destroy(MethodHandle destroy, MemorySegment pointer) {
        try {
            int ignored = (int) destroy.invokeExact(pointer);
        } catch (Throwable e) {
            throw new IllegalStateException("tjDestroy failed", e);
        }
    }
}
