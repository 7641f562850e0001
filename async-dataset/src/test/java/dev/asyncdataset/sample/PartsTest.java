package dev.asyncdataset.sample;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

class PartsTest {

    @AutoClose private final NDManager manager = NDManager.newBaseManager();

    record Boxes(float[][] boxes, int[] classes) {}

    @Test
    void jpegAndPngPartsAreHwcUint8WithTheEncodedPixels() throws Exception {
        BufferedImage image = new BufferedImage(32, 16, BufferedImage.TYPE_INT_RGB);
        for (int x = 0; x < 32; x++) {
            for (int y = 0; y < 16; y++) {
                image.setRGB(x, y, x < 16 ? new Color(200, 40, 90).getRGB() : 0x10e0f0);
            }
        }
        Sample sample = sample(Map.of("jpg", encode(image, "jpg"), "png", encode(image, "png")));
        NDArray png = Parts.image(manager, sample, "png");
        assertEquals(new Shape(16, 32, 3), png.getShape());
        assertEquals(DataType.UINT8, png.getDataType());
        assertArrayEquals(new byte[] {(byte) 200, 40, 90}, png.get(3, 5).toByteArray());
        assertArrayEquals(
                new byte[] {0x10, (byte) 0xe0, (byte) 0xf0}, png.get(3, 24).toByteArray());
        NDArray jpg = Parts.image(manager, sample, "jpg");
        assertEquals(new Shape(16, 32, 3), jpg.getShape());
        int error =
                jpg.get(":, 0:12")
                        .toType(DataType.INT32, false)
                        .sub(png.get(":, 0:12").toType(DataType.INT32, false))
                        .abs()
                        .max()
                        .getInt();
        assertTrue(error <= 4, "JPEG flat colour off by " + error);
    }

    @Test
    void integerTextAndJsonPartsReadBackWhatWasWritten() throws Exception {
        String text = "naïve café, 東京\nsecond line";
        String json = "{\"boxes\": [[0.1, 0.2, 0.5, 0.6]], \"classes\": [3]}";
        Sample sample = sample(Map.of("cls", utf8(" 42\n"), "txt", utf8(text), "json", utf8(json)));
        NDArray label = Parts.integer(manager, sample, "cls");
        assertEquals(DataType.INT64, label.getDataType());
        assertEquals(new Shape(), label.getShape());
        assertEquals(42L, label.getLong());
        assertEquals(text, Parts.text(sample, "txt"));
        assertEquals(JsonParser.parseString(json), Parts.json(sample, "json", JsonElement.class));
        Boxes boxes = Parts.json(sample, "json", Boxes.class);
        assertArrayEquals(new float[] {0.1f, 0.2f, 0.5f, 0.6f}, boxes.boxes()[0]);
        assertArrayEquals(new int[] {3}, boxes.classes());
    }

    @Test
    void npyPartsWrittenByNumpyReadBackWithTheirShapeTypeAndValues() throws Exception {
        NDArray f32 = npy("float32_2x3.npy");
        assertEquals(new Shape(2, 3), f32.getShape());
        assertArrayEquals(new float[] {0, 0.25f, 0.5f, 0.75f, 1, 1.25f}, f32.toFloatArray());
        NDArray tokens = npy("tokens_5.npy");
        assertEquals(DataType.INT64, tokens.getDataType());
        assertArrayEquals(new long[] {101, 7592, 2088, 999, 102}, tokens.toLongArray());
        NDArray scalar = npy("uint8_scalar.npy");
        assertEquals(new Shape(), scalar.getShape());
        assertEquals(DataType.UINT8, scalar.getDataType());
        assertEquals(7, scalar.toUint8Array()[0]);
        NDArray bools = npy("bool_3.npy");
        assertEquals(DataType.BOOLEAN, bools.getDataType());
        assertArrayEquals(new boolean[] {true, false, true}, bools.toBooleanArray());
        assertEquals(new Shape(0, 5), npy("float64_empty_0x5.npy").getShape());
        NDArray v2 = npy("int32_2x2_v2.npy");
        assertEquals(new Shape(2, 2), v2.getShape());
        assertArrayEquals(new int[] {0, 1, 2, 3}, v2.toIntArray());
    }

    @Test
    void arrayPicksTheDecoderFromThePartsExtension() throws Exception {
        Sample sample =
                sample(Map.of("seg.npy", NumpyFiles.read("tokens_3.npy"), "cls", utf8("5")));
        assertArrayEquals(
                new long[] {101, 2088, 102}, Parts.array(manager, sample, "seg.npy").toLongArray());
        assertEquals(5L, Parts.array(manager, sample, "cls").getLong());
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class, () -> Parts.array(manager, sample, "txt"));
        assertTrue(e.getMessage().contains("'.txt'"), e.getMessage());
    }

    @Test
    void rawPartIsItsBytesAsUint8() throws Exception {
        byte[] bytes = {0, 1, (byte) 255, 7};
        NDArray raw = Parts.raw(manager, sample(Map.of("bin", bytes)), "bin");
        assertEquals(DataType.UINT8, raw.getDataType());
        assertArrayEquals(bytes, raw.toByteArray());
    }

    private NDArray npy(String resource) throws Exception {
        return Parts.npy(manager, sample(Map.of("npy", NumpyFiles.read(resource))), "npy");
    }

    static Sample sample(Map<String, byte[]> parts) {
        return new Sample("shard/000001", parts);
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] encode(BufferedImage image, String format) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, format, out);
        return out.toByteArray();
    }
}
