package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.asyncdataset.testing.TestImages;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A decode thread that ends hands its reused native pixel buffer to the next thread that decodes
 * ({@link ImageDecoder#releaseThreadBuffers()}), so that a loader whose decode threads start anew
 * every epoch does not leave a buffer per thread and epoch to the garbage collector. Seen through
 * the first thread's pixels, which are views of its buffer: after the release they show what the
 * next thread decoded into it; without it they keep their own.
 */
class ThreadBuffersTest {

    private static final byte[] FIRST = TestImages.jpeg(64, 48, 1);
    private static final byte[] SECOND = TestImages.jpeg(64, 48, 2);

    @Test
    @Timeout(60)
    void theNextThreadDecodesIntoTheBufferAnEndedThreadReleased() throws Exception {
        Pixels first = decodeOnNewThread(FIRST, true);
        Pixels second = decodeOnNewThread(SECOND, false);
        assertArrayEquals(bytes(second), bytes(first));
    }

    @Test
    @Timeout(60)
    void withoutTheReleaseTheNextThreadTakesABufferOfItsOwn() throws Exception {
        Pixels first = decodeOnNewThread(FIRST, false);
        byte[] decoded = bytes(first);
        Pixels second = decodeOnNewThread(SECOND, false);
        assertFalse(Arrays.equals(bytes(second), decoded), "the two test images decode alike");
        assertArrayEquals(decoded, bytes(first));
    }

    private static Pixels decodeOnNewThread(byte[] jpeg, boolean release) throws Exception {
        AtomicReference<Pixels> pixels = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        Thread thread =
                Thread.ofPlatform()
                        .start(
                                () -> {
                                    try {
                                        pixels.set(
                                                ImageDecoder.pixels(
                                                        ByteBuffer.wrap(jpeg),
                                                        "t",
                                                        Codec.active()));
                                    } catch (BadItemException e) {
                                        failure.set(e);
                                    } finally {
                                        if (release) {
                                            ImageDecoder.releaseThreadBuffers();
                                        }
                                    }
                                });
        thread.join();
        if (failure.get() != null) {
            throw failure.get();
        }
        return pixels.get();
    }

    private static byte[] bytes(Pixels pixels) {
        ByteBuffer buffer = pixels.buffer().duplicate().rewind();
        byte[] bytes = new byte[pixels.height() * pixels.width() * 3];
        buffer.get(bytes);
        return bytes;
    }
}
