package dev.asyncdataset.internal.tar;

import java.nio.charset.StandardCharsets;

/**
 * One 512-byte tar header block, parsed: the fields a WebDataset reader needs (name, size, type)
 * with the checks that make hostile headers fail cleanly. Writes ustar headers too.
 */
final class TarHeader {

    static final int BLOCK = 512;
    private static final int NAME = 0;
    private static final int SIZE = 124;
    private static final int CHECKSUM = 148;
    private static final int TYPE = 156;
    private static final int MAGIC = 257;
    private static final int PREFIX = 345;

    private TarHeader() {}

    /** True if every byte of the block is zero (an end-of-archive block). */
    static boolean isZero(byte[] block) {
        for (byte b : block) {
            if (b != 0) {
                return false;
            }
        }
        return true;
    }

    /** True if the block carries the POSIX ustar magic (also GNU's "ustar "). */
    static boolean hasMagic(byte[] block) {
        return ascii(block, MAGIC, 5).equals("ustar");
    }

    /** True if the stored checksum matches the block (the unsigned sum, checksum as spaces). */
    static boolean checksumMatches(byte[] block) {
        return octal(block, CHECKSUM, 8) == checksum(block);
    }

    private static long checksum(byte[] block) {
        long sum = 0;
        for (int i = 0; i < BLOCK; i++) {
            sum += i >= CHECKSUM && i < CHECKSUM + 8 ? ' ' : block[i] & 0xff;
        }
        return sum;
    }

    static char type(byte[] block) {
        return (char) (block[TYPE] & 0xff);
    }

    /** The member's name: the ustar prefix, a slash, and the name field. */
    static String name(byte[] block) {
        String name = ascii(block, NAME, 100);
        // Only POSIX ustar ("ustar\0") has a prefix field; old GNU headers ("ustar ") keep times
        // there.
        boolean posix = hasMagic(block) && block[MAGIC + 5] == 0;
        String prefix = posix ? ascii(block, PREFIX, 155) : "";
        return prefix.isEmpty() ? name : prefix + "/" + name;
    }

    /**
     * The member's size in bytes, in octal or GNU base-256; -1 if the field is malformed or the
     * number does not fit in a long.
     */
    static long size(byte[] block) {
        if ((block[SIZE] & 0x80) != 0) {
            long value = block[SIZE] & 0x7f;
            for (int i = SIZE + 1; i < SIZE + 12; i++) {
                if (value >>> 55 != 0) {
                    return -1;
                }
                value = (value << 8) | (block[i] & 0xff);
            }
            return value;
        }
        return octal(block, SIZE, 12);
    }

    /** The bytes a member of {@code size} occupies after its header, padded to blocks. */
    static long padded(long size) {
        return (size + BLOCK - 1) / BLOCK * BLOCK;
    }

    /** A ustar header for a regular file {@code name} (at most 100 bytes) of {@code size}. */
    static byte[] ustar(String name, long size, char type) {
        byte[] block = new byte[BLOCK];
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(bytes, 0, block, NAME, Math.min(bytes.length, 100));
        put(block, 100, "%07o", 0644);
        put(block, 108, "%07o", 0);
        put(block, 116, "%07o", 0);
        put(block, SIZE, "%011o", size);
        put(block, 136, "%011o", 0);
        block[TYPE] = (byte) type;
        put(block, MAGIC, "%s", "ustar");
        put(block, 263, "%s", "00");
        put(block, CHECKSUM, "%06o", checksum(block));
        block[CHECKSUM + 7] = ' ';
        return block;
    }

    private static void put(byte[] block, int at, String format, Object value) {
        byte[] bytes = String.format(format, value).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(bytes, 0, block, at, bytes.length);
    }

    /** Text up to the first NUL of a field. */
    private static String ascii(byte[] block, int at, int length) {
        int end = at;
        while (end < at + length && block[end] != 0) {
            end++;
        }
        return new String(block, at, end - at, StandardCharsets.UTF_8);
    }

    /** An octal field (spaces and NULs around the digits allowed); -1 if malformed or too large. */
    private static long octal(byte[] block, int at, int length) {
        String text = ascii(block, at, length).trim();
        if (text.isEmpty()
                || text.length() > 20
                || !text.chars().allMatch(c -> c >= '0' && c <= '7')) {
            return -1;
        }
        return Long.parseLong(text, 8);
    }
}
