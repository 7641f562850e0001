package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import dev.asyncdataset.testing.TestImages;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ImageDecoderTest {

    private static final int JPEG_TOLERANCE = 6;
    private static final Color ORANGE = new Color(230, 120, 40);
    private static final Color TEAL = new Color(20, 150, 140);

    private static NDManager manager;

    @BeforeAll
    static void createManager() {
        manager = NDManager.newBaseManager();
    }

    @AfterAll
    static void closeManager() {
        manager.close();
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void rgbJpegDecodesToHwcUint8Rgb(Codec codec) throws BadItemException {
        byte[] jpeg =
                TestImages.jpeg(
                        TestImages.halves(BufferedImage.TYPE_3BYTE_BGR, 40, 30, ORANGE, TEAL));
        try (NDArray image =
                ImageDecoder.decode(manager, ByteBuffer.wrap(jpeg), "rgb.jpg", codec)) {
            assertEquals(new Shape(30, 40, 3), image.getShape());
            assertEquals(DataType.UINT8, image.getDataType());
            assertPixel(image, 15, 5, ORANGE, JPEG_TOLERANCE);
            assertPixel(image, 15, 34, TEAL, JPEG_TOLERANCE);
        }
    }

    /**
     * A body in a recycled array is followed by stale bytes: the decoders read only from the
     * position to the limit (stale bytes past a JPEG's end marker would make it truncated), in a
     * heap, direct or read-only buffer, and leave both where they were.
     */
    @ParameterizedTest
    @EnumSource(Codec.class)
    void decodesAnImageWhereItLiesInALargerBufferWithoutMovingIt(Codec codec)
            throws BadItemException {
        BufferedImage halves =
                TestImages.halves(BufferedImage.TYPE_3BYTE_BGR, 40, 30, ORANGE, TEAL);
        for (byte[] encoded : new byte[][] {TestImages.jpeg(halves), TestImages.png(halves)}) {
            byte[] around = new byte[7 + encoded.length + 2 * EncodedImages.MAX_TRAILER];
            Arrays.fill(around, (byte) 0x55);
            System.arraycopy(encoded, 0, around, 7, encoded.length);
            ByteBuffer heap = ByteBuffer.wrap(around, 7, encoded.length);
            ByteBuffer direct = ByteBuffer.allocateDirect(around.length).put(around);
            direct.position(7).limit(7 + encoded.length);
            try (NDArray expected =
                    ImageDecoder.decode(manager, ByteBuffer.wrap(encoded), "exact", codec)) {
                for (ByteBuffer body : new ByteBuffer[] {heap, direct, heap.asReadOnlyBuffer()}) {
                    try (NDArray image = ImageDecoder.decode(manager, body, "within", codec)) {
                        assertTrue(expected.contentEquals(image), body.toString());
                    }
                    assertEquals(7, body.position());
                    assertEquals(7 + encoded.length, body.limit());
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void greyJpegRepeatsTheGreyInThreeChannels(Codec codec) throws BadItemException {
        Color dark = new Color(60, 60, 60);
        Color light = new Color(200, 200, 200);
        byte[] jpeg =
                TestImages.jpeg(
                        TestImages.halves(BufferedImage.TYPE_BYTE_GRAY, 32, 16, dark, light));
        try (NDArray image =
                ImageDecoder.decode(manager, ByteBuffer.wrap(jpeg), "grey.jpg", codec)) {
            assertEquals(new Shape(16, 32, 3), image.getShape());
            assertPixel(image, 8, 4, dark, JPEG_TOLERANCE);
            assertPixel(image, 8, 28, light, JPEG_TOLERANCE);
        }
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void cmykJpegBecomesRgb(Codec codec) throws BadItemException {
        byte[] jpeg = TestImages.cmykJpeg(24, 24, new int[] {230, 120, 40, 255});
        try (NDArray image =
                ImageDecoder.decode(manager, ByteBuffer.wrap(jpeg), "cmyk.jpg", codec)) {
            assertEquals(new Shape(24, 24, 3), image.getShape());
            assertPixel(image, 12, 12, ORANGE, JPEG_TOLERANCE);
        }
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void rgbaPngDropsAlphaKeepingColour(Codec codec) throws BadItemException {
        Color translucent = new Color(230, 120, 40, 100);
        byte[] png =
                TestImages.png(
                        TestImages.halves(BufferedImage.TYPE_INT_ARGB, 20, 10, translucent, TEAL));
        try (NDArray image =
                ImageDecoder.decode(manager, ByteBuffer.wrap(png), "alpha.png", codec)) {
            assertEquals(new Shape(10, 20, 3), image.getShape());
            assertPixel(image, 5, 2, ORANGE, 1);
            assertPixel(image, 5, 15, TEAL, 1);
        }
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void palettePngLooksUpThePalette(Codec codec) throws BadItemException {
        byte[] png = TestImages.png(TestImages.palette(16, 8, ORANGE, TEAL));
        try (NDArray image =
                ImageDecoder.decode(manager, ByteBuffer.wrap(png), "palette.png", codec)) {
            assertEquals(new Shape(8, 16, 3), image.getShape());
            assertPixel(image, 4, 3, ORANGE, 0);
            assertPixel(image, 4, 12, TEAL, 0);
        }
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void onePixelJpegDecodes(Codec codec) throws BadItemException {
        byte[] jpeg =
                TestImages.jpeg(TestImages.halves(BufferedImage.TYPE_3BYTE_BGR, 1, 1, TEAL, TEAL));
        try (NDArray image =
                ImageDecoder.decode(manager, ByteBuffer.wrap(jpeg), "dot.jpg", codec)) {
            assertEquals(new Shape(1, 1, 3), image.getShape());
            assertPixel(image, 0, 0, TEAL, JPEG_TOLERANCE);
        }
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void zeroBytesAreABadItemNamingTheKey(Codec codec) {
        assertBadItem(new byte[0], "empty.jpg", codec);
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void randomBytesAreABadItemNamingTheKey(Codec codec) {
        byte[] noise = new byte[5000];
        new Random(7).nextBytes(noise);
        assertBadItem(noise, "noise.jpg", codec);
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void truncatedJpegIsABadItemNotAGreyImage(Codec codec) {
        byte[] jpeg = TestImages.jpeg(noiseImage(64, 48));
        assertBadItem(Arrays.copyOf(jpeg, jpeg.length * 2 / 3), "cut.jpg", codec);
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void truncatedPngIsABadItem(Codec codec) {
        byte[] png = TestImages.png(noiseImage(64, 48));
        assertBadItem(Arrays.copyOf(png, png.length / 2), "cut.png", codec);
    }

    @ParameterizedTest
    @EnumSource(Codec.class)
    void jpegHeaderWithGarbageBodyIsABadItem(Codec codec) {
        byte[] bytes = new byte[3000];
        new Random(3).nextBytes(bytes);
        bytes[0] = (byte) 0xFF;
        bytes[1] = (byte) 0xD8;
        bytes[2] = (byte) 0xFF;
        bytes[bytes.length - 2] = (byte) 0xFF;
        bytes[bytes.length - 1] = (byte) 0xD9;
        assertBadItem(bytes, "garbage.jpg", codec);
    }

    private static void assertBadItem(byte[] bytes, String key, Codec codec) {
        BadItemException e =
                assertThrows(
                        BadItemException.class,
                        () ->
                                ImageDecoder.decode(manager, ByteBuffer.wrap(bytes), key, codec)
                                        .close());
        assertEquals(key, e.getKey());
        assertTrue(e.getMessage().contains(key), e.getMessage());
    }

    private static BufferedImage noiseImage(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        Random random = new Random(11);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(1 << 24));
            }
        }
        return image;
    }

    private static void assertPixel(
            NDArray image, int row, int col, Color expected, int tolerance) {
        byte[] rgb = image.get(row, col).toByteArray();
        int[] actual = {rgb[0] & 0xFF, rgb[1] & 0xFF, rgb[2] & 0xFF};
        int[] wanted = {expected.getRed(), expected.getGreen(), expected.getBlue()};
        for (int c = 0; c < 3; c++) {
            assertTrue(
                    Math.abs(actual[c] - wanted[c]) <= tolerance,
                    "pixel ("
                            + row
                            + ", "
                            + col
                            + ") "
                            + Arrays.toString(actual)
                            + " vs "
                            + Arrays.toString(wanted));
        }
    }
}
