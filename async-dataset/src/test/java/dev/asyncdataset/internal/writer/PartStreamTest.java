package dev.asyncdataset.internal.writer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PartStreamTest {

    private final List<Integer> numbers = new ArrayList<>();
    private final List<Integer> lengths = new ArrayList<>();
    private final ByteArrayOutputStream joined = new ByteArrayOutputStream();

    private final PartStream stream =
            new PartStream(
                    10,
                    (number, bytes, length) -> {
                        numbers.add(number);
                        lengths.add(length);
                        joined.write(bytes, 0, length);
                    });

    @Test
    void cutsTheStreamIntoFullPartsAndAShorterLastOne() throws Exception {
        byte[] data = new byte[37];
        new Random(1).nextBytes(data);
        stream.write(data, 0, 3);
        stream.write(data[3]);
        stream.write(data, 4, 33);
        assertEquals(List.of(1, 2, 3), numbers, "full parts go out as soon as they fill");
        assertEquals(4, stream.finish());
        assertEquals(List.of(1, 2, 3, 4), numbers);
        assertEquals(List.of(10, 10, 10, 7), lengths);
        assertArrayEquals(data, joined.toByteArray());
    }

    @Test
    void aLengthOfWholePartsEndsWithAFullPart() throws Exception {
        byte[] data = new byte[20];
        Arrays.fill(data, (byte) 7);
        stream.write(data);
        assertEquals(2, stream.finish());
        assertEquals(List.of(10, 10), lengths);
    }

    @Test
    void anEmptyStreamIsOneEmptyPart() throws Exception {
        assertEquals(1, stream.finish());
        assertEquals(List.of(0), lengths);
    }
}
