package dev.asyncdataset.sample;

import static dev.asyncdataset.sample.PartsTest.sample;
import static dev.asyncdataset.sample.PartsTest.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class BadPartsTest {

    @AutoClose private final NDManager manager = NDManager.newBaseManager();

    @Test
    void missingPartIsNamedWithThePartsTheSampleHas() {
        Sample sample = sample(Map.of("cls", utf8("1")));
        assertBad(
                "shard/000001.json",
                "missing part 'json'; the sample has [cls]",
                () -> Parts.json(sample, "json", JsonElement.class));
        assertBad(
                "shard/000001.jpg",
                "missing part 'jpg'",
                () -> Parts.image(manager, sample, "jpg"));
    }

    @Test
    void unparsableJsonIsNamedNeverReadLeniently() {
        for (String json :
                new String[] {"{\"boxes\": [1, 2", "{boxes: 1}", "{'a': 1}", "{} {}", "", "[1,]"}) {
            Sample sample = sample(Map.of("json", utf8(json)));
            assertBad(
                    "shard/000001.json",
                    "unparsable JSON",
                    () -> Parts.json(sample, "json", JsonElement.class));
        }
    }

    @Test
    void jsonNullIsATreeValueButNoObject() throws Exception {
        Sample sample = sample(Map.of("json", utf8("null")));
        assertEquals(JsonNull.INSTANCE, Parts.json(sample, "json", JsonElement.class));
        assertBad(
                "shard/000001.json",
                "null",
                () -> Parts.json(sample, "json", PartsTest.Boxes.class));
    }

    @Test
    void textThatIsNotUtf8AndIntegersThatAreNotIntegersAreNamed() {
        Sample sample = sample(Map.of("txt", new byte[] {'a', (byte) 0xff}, "cls", utf8("three")));
        assertBad("shard/000001.txt", "not valid UTF-8", () -> Parts.text(sample, "txt"));
        assertBad(
                "shard/000001.cls",
                "not an integer: 'three'",
                () -> Parts.integer(manager, sample, "cls"));
    }

    @Test
    void truncatedJpegIsNamed() {
        byte[] jpeg = TestImages.jpeg(32, 24, 5);
        Sample sample = sample(Map.of("jpg", Arrays.copyOf(jpeg, jpeg.length / 2)));
        assertBad("shard/000001.jpg", "", () -> Parts.image(manager, sample, "jpg"));
    }

    @Test
    void npyPartsDjlWouldMisreadOrCrashOnAreRefusedByName() {
        assertNpyBad(NumpyFiles.read("float64_big_endian.npy"), "dtype '>f8' is not read");
        assertNpyBad(NumpyFiles.read("int16_2.npy"), "dtype '<i2' is not read");
        assertNpyBad(NumpyFiles.read("float32_fortran_2x3.npy"), "Fortran order is not read");
        assertNpyBad(utf8("{\"not\": \"npy\"}"), "no \\x93NUMPY magic");
    }

    @Test
    void npyWhoseHeaderDisagreesWithItsDataIsRefusedBeforeAllocating() {
        byte[] npy = NumpyFiles.read("float32_2x3.npy");
        assertNpyBad(Arrays.copyOf(npy, npy.length - 4), "declares 24 data bytes, part has 20");
        assertNpyBad(Arrays.copyOf(npy, npy.length + 1), "declares 24 data bytes, part has 25");
        String header = new String(npy, StandardCharsets.ISO_8859_1);
        byte[] huge =
                header.replace("(2, 3), }         ", "(2000000, 3000), }")
                        .getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(npy.length, huge.length);
        assertNpyBad(huge, "declares 24000000000 data bytes, part has 24");
        assertNpyBad(Arrays.copyOf(npy, 9), "no \\x93NUMPY magic");
    }

    private void assertNpyBad(byte[] bytes, String message) {
        Sample sample = sample(Map.of("npy", bytes));
        assertBad("shard/000001.npy", message, () -> Parts.npy(manager, sample, "npy"));
    }

    private static void assertBad(String member, String message, Executable decode) {
        BadItemException e = assertThrows(BadItemException.class, decode);
        assertEquals(member, e.getKey());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }
}
