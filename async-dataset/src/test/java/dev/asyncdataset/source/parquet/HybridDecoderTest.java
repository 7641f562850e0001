package dev.asyncdataset.source.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class HybridDecoderTest {

    @Test
    void bitPackedRunOfTheSpecificationsExampleGivesZeroToSeven() throws Exception {
        byte[] run = {0x03, (byte) 0x88, (byte) 0xC6, (byte) 0xFA};
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7}, decode(run, 3, 8));
    }

    @Test
    void rleRunRepeatsItsValueInTheBytesItsWidthTakes() throws Exception {
        assertArrayEquals(new int[] {4, 4, 4, 4, 4}, decode(new byte[] {0x0A, 0x04}, 3, 5));
        byte[] wide = {0x06, 0x34, 0x12, 0x01};
        assertArrayEquals(new int[] {0x011234, 0x011234, 0x011234}, decode(wide, 17, 3));
    }

    @Test
    void runsFollowOneAnotherAndAPackedRunsPaddingIsNotRead() throws Exception {
        byte[] runs = {0x04, 0x01, 0x03, (byte) 0b0000_0101};
        assertArrayEquals(new int[] {1, 1, 1, 0, 1}, decode(runs, 1, 5));
    }

    @Test
    void widthZeroGivesZerosAndWidth32GivesWholeInts() throws Exception {
        assertArrayEquals(new int[] {0, 0, 0}, decode(new byte[] {0x06}, 0, 3));
        byte[] packed = new byte[1 + 32];
        packed[0] = 0x03;
        packed[1] = (byte) 0xff;
        packed[2] = (byte) 0xff;
        packed[3] = (byte) 0xff;
        packed[4] = (byte) 0xff;
        packed[5] = 0x01;
        assertArrayEquals(new int[] {-1, 1}, decode(packed, 32, 2));
    }

    @Test
    void runsEndingBeforeTheValuesOrAWidthOver32AreIoExceptions() {
        assertThrows(IOException.class, () -> decode(new byte[] {0x0A, 0x04}, 3, 6));
        assertThrows(IOException.class, () -> decode(new byte[] {0x03, 0x01}, 3, 8));
        assertThrows(IOException.class, () -> decode(new byte[] {(byte) 0x80}, 3, 1));
        assertThrows(IOException.class, () -> decode(new byte[] {0x00, 0x00}, 3, 1));
        assertThrows(IOException.class, () -> decode(new byte[] {0x02, 0x00}, 33, 1));
    }

    private static int[] decode(byte[] bytes, int width, int count) throws IOException {
        int[] values = new int[count];
        HybridDecoder.decode(bytes, 0, bytes.length, width, values, count);
        return values;
    }
}
