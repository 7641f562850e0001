package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import dev.asyncdataset.testing.TestImages;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The TurboJPEG decoder, where it runs (JDK 22+ and libturbojpeg.so.0; CI installs it): the same
 * pixels as OpenCV, and a failed image does not spoil the thread's decompressor.
 */
class TurboJpegTest {

    private NDManager manager;
    private TurboJpeg.Decoder turbo;

    @BeforeEach
    void setUp() {
        turbo = NativeCodecs.turboJpegDecoder();
        manager = NDManager.newBaseManager();
    }

    @AfterEach
    void tearDown() {
        if (manager != null) {
            manager.close();
        }
    }

    @Test
    void decodesTheSamePixelsAsOpenCv() throws BadItemException {
        NativeCodecs.assumeOpenCv();
        for (long seed = 0; seed < 8; seed++) {
            byte[] jpeg = TestImages.jpeg(97 + (int) seed * 13, 61 + (int) seed * 7, seed);
            try (NDArray fast =
                            Uint8Arrays.create(
                                    manager, turbo.decode(ByteBuffer.wrap(jpeg), "photo-" + seed));
                    NDArray reference =
                            Uint8Arrays.create(
                                    manager,
                                    OpenCvCodec.decode(ByteBuffer.wrap(jpeg), "photo-" + seed))) {
                assertEquals(reference.getShape(), fast.getShape());
                assertArrayEquals(reference.toUint8Array(), fast.toUint8Array(), "seed " + seed);
            }
        }
    }

    @Test
    void leavesCmykToTheFallbackCodec() throws BadItemException {
        assertNull(
                turbo.decode(
                        ByteBuffer.wrap(TestImages.cmykJpeg(8, 8, new int[] {0, 0, 0, 0})), "k"));
    }

    @Test
    void decodesTheNextImageAfterACorruptOne() throws BadItemException {
        byte[] good = TestImages.jpeg(40, 30, 1);
        byte[] corrupt = new byte[512];
        new Random(3).nextBytes(corrupt);
        corrupt[0] = (byte) 0xFF;
        corrupt[1] = (byte) 0xD8;
        corrupt[510] = (byte) 0xFF;
        corrupt[511] = (byte) 0xD9;
        BadItemException e =
                assertThrows(
                        BadItemException.class,
                        () -> turbo.decode(ByteBuffer.wrap(corrupt), "images/corrupt.jpg"));
        assertTrue(e.getMessage().contains("images/corrupt.jpg"), e.getMessage());
        assertEquals(30, turbo.decode(ByteBuffer.wrap(good), "images/good.jpg").height());
    }
}
