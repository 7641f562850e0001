package dev.asyncdataset.source.parquet;

import java.io.IOException;

/**
 * Decodes Parquet's RLE/bit-packed hybrid encoding, that of definition levels and dictionary
 * indices: runs of one repeated value and groups of 8 bit-packed values, least significant bit
 * first, each run after a varint header.
 */
final class HybridDecoder {

    private HybridDecoder() {}

    /**
     * Decodes {@code count} values of {@code bitWidth} bits from {@code bytes} between {@code
     * offset} and {@code limit} into {@code into}.
     *
     * @throws IOException if the runs end before {@code count} values, or the width is over 32
     */
    static void decode(byte[] bytes, int offset, int limit, int bitWidth, int[] into, int count)
            throws IOException {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IOException("a bit width of " + bitWidth + " is over 32");
        }
        int[] at = {offset};
        int done = 0;
        while (done < count) {
            long header = varint(bytes, at, limit);
            int run = (int) Math.min(header >>> 1, Integer.MAX_VALUE);
            if ((header & 1) == 0) {
                done =
                        repeated(
                                bytes,
                                at,
                                limit,
                                bitWidth,
                                into,
                                done,
                                Math.min(run, count - done));
            } else {
                done = packed(bytes, at, limit, bitWidth, into, done, count, run);
            }
        }
    }

    private static int repeated(
            byte[] bytes, int[] at, int limit, int bitWidth, int[] into, int done, int run)
            throws IOException {
        int width = (bitWidth + 7) / 8;
        check(at[0], width, limit);
        int value = 0;
        for (int i = 0; i < width; i++) {
            value |= (bytes[at[0] + i] & 0xff) << (8 * i);
        }
        at[0] += width;
        if (run == 0) {
            throw new IOException("an RLE run of no values");
        }
        java.util.Arrays.fill(into, done, done + run, value);
        return done + run;
    }

    /** Reads the values needed of {@code groups} groups of 8; the rest of the run is padding. */
    private static int packed(
            byte[] bytes,
            int[] at,
            int limit,
            int bitWidth,
            int[] into,
            int done,
            int count,
            int groups)
            throws IOException {
        long runBytes = (long) groups * bitWidth;
        int values = (int) Math.min((long) groups * 8, count - done);
        if (values == 0) {
            throw new IOException("a bit-packed run of no values");
        }
        check(at[0], (int) Math.min((long) values * bitWidth + 7 >> 3, Integer.MAX_VALUE), limit);
        long mask = (1L << bitWidth) - 1;
        long bit = (long) at[0] * 8;
        for (int i = 0; i < values; i++, bit += bitWidth) {
            into[done + i] = (int) (bits(bytes, bit, limit) & mask);
        }
        at[0] = (int) Math.min(at[0] + runBytes, limit);
        return done + values;
    }

    /** The 64 bits from bit {@code bit} on, bytes past {@code limit} read as zeros. */
    private static long bits(byte[] bytes, long bit, int limit) {
        int first = (int) (bit >>> 3);
        long word = 0;
        for (int i = 0; i < 5 && first + i < limit; i++) {
            word |= (long) (bytes[first + i] & 0xff) << (8 * i);
        }
        return word >>> (bit & 7);
    }

    private static long varint(byte[] bytes, int[] at, int limit) throws IOException {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            check(at[0], 1, limit);
            int b = bytes[at[0]++];
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("a run header runs over 10 bytes");
    }

    private static void check(int at, int length, int limit) throws IOException {
        if (length > limit - at) {
            throw new IOException("the levels or indices end before their values");
        }
    }
}
