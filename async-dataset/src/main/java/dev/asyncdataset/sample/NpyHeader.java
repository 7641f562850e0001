package dev.asyncdataset.sample;

import dev.asyncdataset.decode.BadItemException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a NumPy {@code .npy} part before DJL decodes it. DJL 0.29's reader ({@code NDList.decode})
 * allocates the size the header declares before reading the data, reads big-endian data as
 * little-endian, and aborts the JVM on the int16, uint16 and uint32 types it maps but the PyTorch
 * engine cannot create. So the header must declare a little-endian (or single-byte) type from
 * {@link #ITEM_BYTES}, C order, and exactly the number of data bytes the part holds.
 */
final class NpyHeader {

    /** The dtypes read, with their item sizes. */
    static final Map<String, Integer> ITEM_BYTES =
            Map.of("<f2", 2, "<f4", 4, "<f8", 8, "|i1", 1, "|u1", 1, "<i4", 4, "<i8", 8, "|b1", 1);

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr':\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order':\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape':\\s*\\(([^)]*)\\)");

    private NpyHeader() {}

    /**
     * Checks {@code bytes} as one {@code .npy} array.
     *
     * @param bytes the part
     * @param member the part's member name, for the error
     * @throws BadItemException naming {@code member} and what is wrong
     */
    static void check(byte[] bytes, String member) throws BadItemException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 10 || !Arrays.equals(bytes, 0, 6, MAGIC, 0, 6)) {
            throw bad(member, "not a NumPy .npy array (no \\x93NUMPY magic)");
        }
        int major = bytes[6];
        if (major < 1 || major > 3 || bytes[7] != 0) {
            throw bad(member, "unknown .npy version " + major + "." + bytes[7]);
        }
        int start = major == 1 ? 10 : 12;
        if (bytes.length < start) {
            throw bad(member, "truncated .npy header");
        }
        long length = major == 1 ? Short.toUnsignedInt(buffer.getShort(8)) : buffer.getInt(8);
        if (length < 0 || length > bytes.length - start) {
            throw bad(member, "header of " + length + " bytes, past the end of the part");
        }
        String header = new String(bytes, start, (int) length, StandardCharsets.UTF_8);
        long dataBytes = declaredDataBytes(header, member);
        long present = bytes.length - start - length;
        if (dataBytes != present) {
            throw bad(member, "header declares " + dataBytes + " data bytes, part has " + present);
        }
    }

    /** The data size {@code header} declares: the shape's element count times the item size. */
    private static long declaredDataBytes(String header, String member) throws BadItemException {
        String descr = field(DESCR, header, member);
        Integer itemBytes = ITEM_BYTES.get(descr);
        if (itemBytes == null) {
            throw bad(member, "dtype '" + descr + "' is not read; read: " + ITEM_BYTES.keySet());
        }
        if (!field(FORTRAN, header, member).equals("False")) {
            throw bad(member, "Fortran order is not read; save np.ascontiguousarray(array)");
        }
        long size = itemBytes;
        for (String dim : field(SHAPE, header, member).split(",")) {
            if (!dim.isBlank()) {
                size = multiply(size, dimension(dim.strip(), member), member);
            }
        }
        return size;
    }

    private static String field(Pattern pattern, String header, String member)
            throws BadItemException {
        Matcher matcher = pattern.matcher(header);
        if (!matcher.find()) {
            throw bad(member, "bad .npy header, no " + pattern.pattern() + ": " + header.strip());
        }
        return matcher.group(1);
    }

    private static long dimension(String dim, String member) throws BadItemException {
        if (!dim.matches("\\d{1,18}")) {
            throw bad(member, "bad .npy shape dimension '" + dim + "'");
        }
        return Long.parseLong(dim);
    }

    private static long multiply(long a, long b, String member) throws BadItemException {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw bad(member, "the .npy shape declares more than 2^63 bytes");
        }
    }

    private static BadItemException bad(String member, String message) {
        return new BadItemException(member, message, null);
    }
}
