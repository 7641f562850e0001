package dev.asyncdataset.examples.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import dev.asyncdataset.decode.ImageDecoder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ImageNetLikeGeneratorTest {

    private static final int CLASSES = 2;
    private static final int PER_CLASS = 3;

    @TempDir Path dir;

    @Test
    void sameSeedWritesSameBytes() throws IOException {
        Path first = ImageNetLikeGenerator.write(dir.resolve("a"), CLASSES, PER_CLASS, 7);
        Path second = ImageNetLikeGenerator.write(dir.resolve("b"), CLASSES, PER_CLASS, 7);
        for (String key : keys()) {
            byte[] expected = Files.readAllBytes(first.resolve(key));
            assertArrayEquals(expected, Files.readAllBytes(second.resolve(key)), key);
        }
    }

    @Test
    void differentSeedWritesDifferentImages() throws IOException {
        Map<String, byte[]> seven = generate(7);
        Map<String, byte[]> eight = generate(8);
        for (String key : keys()) {
            assertFalse(Arrays.equals(seven.get(key), eight.get(key)), key);
        }
    }

    @Test
    void imagesLookLikeImageNetAndDecode() throws IOException {
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Map.Entry<String, byte[]> image : generate(3).entrySet()) {
                int kb = image.getValue().length / 1024;
                assertTrue(kb >= 80 && kb <= 140, image.getKey() + ": " + kb + " KB");
                NDArray pixels =
                        ImageDecoder.decode(
                                manager, ByteBuffer.wrap(image.getValue()), image.getKey());
                long height = pixels.getShape().get(0);
                long width = pixels.getShape().get(1);
                boolean nearImageNet = Math.abs(width - 469) <= 24 && Math.abs(height - 387) <= 20;
                assertTrue(nearImageNet, image.getKey() + ": " + pixels.getShape());
                assertEquals(3, pixels.getShape().get(2));
                assertEquals(DataType.UINT8, pixels.getDataType());
            }
        }
    }

    @Test
    void splitsHoldTheSameClassesAndDifferentImages() throws IOException {
        Path root = ImageNetLikeGenerator.writeSplits(dir, CLASSES, PER_CLASS, 2, 7);
        for (int c = 0; c < CLASSES; c++) {
            for (int i = 0; i < 2; i++) {
                String key = ImageNetLikeGenerator.key(c, i);
                byte[] train = Files.readAllBytes(root.resolve("train").resolve(key));
                byte[] val = Files.readAllBytes(root.resolve("val").resolve(key));
                assertFalse(Arrays.equals(train, val), key);
            }
        }
        assertFalse(Files.exists(root.resolve("val").resolve(ImageNetLikeGenerator.key(0, 2))));
    }

    @Test
    void completeFolderIsReusedNotRewritten() throws IOException {
        Path root = ImageNetLikeGenerator.write(dir, CLASSES, PER_CLASS, 1);
        Path image = root.resolve(ImageNetLikeGenerator.key(1, 2));
        FileTime old = FileTime.fromMillis(0);
        Files.setLastModifiedTime(image, old);
        ImageNetLikeGenerator.write(dir, CLASSES, PER_CLASS, 1);
        assertEquals(old, Files.getLastModifiedTime(image));
        assertTrue(Files.isRegularFile(root.resolve(ImageNetLikeGenerator.MARKER)));
    }

    @Test
    void folderWithoutMarkerIsRegenerated() throws IOException {
        Path root = ImageNetLikeGenerator.write(dir, CLASSES, PER_CLASS, 1);
        Files.delete(root.resolve(ImageNetLikeGenerator.MARKER));
        Path image = root.resolve(ImageNetLikeGenerator.key(0, 0));
        Files.write(image, new byte[0]);
        ImageNetLikeGenerator.write(dir, CLASSES, PER_CLASS, 1);
        assertTrue(Files.size(image) > 0);
    }

    private static Map<String, byte[]> generate(long seed) throws IOException {
        Map<String, byte[]> images = new ConcurrentHashMap<>();
        ImageNetLikeGenerator.generate(CLASSES, PER_CLASS, seed, images::put);
        return images;
    }

    private static String[] keys() {
        String[] keys = new String[CLASSES * PER_CLASS];
        for (int c = 0; c < CLASSES; c++) {
            for (int i = 0; i < PER_CLASS; i++) {
                keys[c * PER_CLASS + i] = ImageNetLikeGenerator.key(c, i);
            }
        }
        return keys;
    }
}
