package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An {@link ImageFormat} named only in {@code META-INF/services} ({@link RawRgbFormat}) is found
 * and used for the images of its extension, with no call to register it.
 */
class ImageFormatTest {

    @Test
    void anImageOfAFormatOnTheClassPathIsDecodedByIt() throws Exception {
        Random random = new Random(52);
        try (NDManager manager = NDManager.newBaseManager()) {
            for (String key : new String[] {"cls/a.rgbraw", "cls/B.RGBRAW", "shard.tar:1.rgbraw"}) {
                int width = 1 + random.nextInt(40);
                int height = 1 + random.nextInt(40);
                byte[] rgb = new byte[width * height * 3];
                random.nextBytes(rgb);
                NDArray image =
                        ImageDecoder.decode(
                                manager,
                                ByteBuffer.wrap(RawRgbFormat.encode(width, height, rgb)),
                                key);
                assertEquals(new Shape(height, width, 3), image.getShape(), key);
                assertArrayEquals(rgb, bytes(image), key);
            }
        }
    }

    @Test
    void itsExtensionsAreImagesAndNoOthersAre() {
        assertTrue(ImageDecoder.hasFormat(RawRgbFormat.EXTENSION));
        assertTrue(ImageDecoder.hasFormat("RGBRAW"));
        assertFalse(ImageDecoder.hasFormat("rgb"));
    }

    @Test
    void bytesItCannotDecodeAreABadItemNamingTheKeyAndTheFormat() {
        byte[] cut = RawRgbFormat.encode(4, 4, new byte[4 * 4 * 3 - 1]);
        try (NDManager manager = NDManager.newBaseManager()) {
            BadItemException e =
                    assertThrows(
                            BadItemException.class,
                            () ->
                                    ImageDecoder.decode(
                                            manager, ByteBuffer.wrap(cut), "cls/cut.rgbraw"));
            assertEquals("cls/cut.rgbraw", e.getKey());
            assertTrue(e.getMessage().contains(RawRgbFormat.class.getName()), e.getMessage());
        }
    }

    @Test
    void aFolderSourceListsAndDecodesItsImages(@TempDir Path root) throws Exception {
        byte[] rgb = new byte[6 * 5 * 3];
        new Random(7).nextBytes(rgb);
        Files.createDirectories(root.resolve("a"));
        Files.createDirectories(root.resolve("b"));
        Files.write(root.resolve("a/x.rgbraw"), RawRgbFormat.encode(6, 5, rgb));
        Files.write(root.resolve("b/y.rgbraw"), RawRgbFormat.encode(6, 5, rgb));
        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        assertEquals(2, source.size());
        try (NDManager manager = NDManager.newBaseManager()) {
            for (long i = 0; i < source.size(); i++) {
                Record record = source.decode(manager, i, source.fetch(manager, i));
                assertArrayEquals(rgb, bytes(record.getData().head()));
                assertEquals(i, record.getLabels().head().getLong());
            }
        }
    }

    private static byte[] bytes(NDArray array) {
        ByteBuffer buffer = array.toByteBuffer();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }
}
