package dev.asyncdataset.decode;

import java.nio.ByteBuffer;

/**
 * Structural checks on encoded bytes that decoders do not make. libjpeg (under OpenCV and ImageIO
 * alike) decodes a truncated JPEG with only a warning and fills the missing rows with grey; a
 * truncated training image would then silently train on garbage. A JPEG must therefore end with its
 * end-of-image marker and a PNG with its IEND chunk, allowing for a little padding after them (some
 * writers append a few bytes). And a few bytes can declare a 65535 x 65535 JPEG: the dimensions in
 * a JPEG or PNG header are checked against {@link #MAX_PIXELS} before anything is allocated for the
 * pixels.
 *
 * <p>Every method reads an encoded image as a buffer from its position 0 to its limit ({@link
 * #readable}), by absolute gets: the buffer's position is never moved.
 */
final class EncodedImages {

    /** How far before the end the end marker may sit. */
    static final int MAX_TRAILER = 4096;

    /** The most pixels an image may have: 2^27, about 11,585 x 11,585 (400 MB as RGB). */
    static final long MAX_PIXELS = 1L << 27;

    private static final byte[] JPEG_EOI = {(byte) 0xFF, (byte) 0xD9};
    private static final byte[] PNG_IEND = {'I', 'E', 'N', 'D'};

    private EncodedImages() {}

    /**
     * Returns {@code encoded}'s remaining bytes as a buffer of its own from position 0, over the
     * same memory when it is a heap buffer with an accessible array or a direct buffer, else (a
     * read-only heap buffer) over a copy; {@code encoded}'s position is not moved.
     *
     * @param encoded the encoded image, from its position to its limit
     * @return the image, position 0, limit its length
     */
    static ByteBuffer readable(ByteBuffer encoded) {
        ByteBuffer own = encoded.slice();
        if (own.hasArray() || own.isDirect()) {
            return own;
        }
        byte[] copy = new byte[own.remaining()];
        own.get(copy);
        return ByteBuffer.wrap(copy);
    }

    /**
     * Throws if {@code bytes} are empty, truncated, or declare too many pixels ({@link
     * #checkComplete}, {@link #checkPixels}).
     *
     * @param bytes the encoded image, from position 0
     * @param key the item's key, for the message
     * @throws BadItemException if the image is empty, truncated or too large
     */
    static void check(ByteBuffer bytes, String key) throws BadItemException {
        checkComplete(bytes, key);
        checkPixels(bytes, key);
    }

    /**
     * Throws if {@code bytes} are empty, or a JPEG or PNG whose end marker is missing.
     *
     * @param bytes the encoded image, from position 0
     * @param key the item's key, for the message
     * @throws BadItemException if the image is empty or truncated
     */
    static void checkComplete(ByteBuffer bytes, String key) throws BadItemException {
        if (bytes.limit() == 0) {
            throw new BadItemException(key, "zero-byte image", null);
        }
        if (isJpeg(bytes) && !endsWith(bytes, JPEG_EOI)) {
            throw new BadItemException(key, "truncated JPEG: no end-of-image marker", null);
        }
        if (isPng(bytes) && !endsWith(bytes, PNG_IEND)) {
            throw new BadItemException(key, "truncated PNG: no IEND chunk", null);
        }
    }

    /**
     * Throws if the header of a JPEG or PNG declares more than {@link #MAX_PIXELS} pixels.
     *
     * @param bytes the encoded image, from position 0
     * @param key the item's key, for the message
     * @throws BadItemException if the declared image is too large
     */
    static void checkPixels(ByteBuffer bytes, String key) throws BadItemException {
        long[] size = declaredSize(bytes);
        if (size != null && size[0] * size[1] > MAX_PIXELS) {
            throw new BadItemException(
                    key,
                    "image too large: "
                            + size[0]
                            + " x "
                            + size[1]
                            + " pixels, more than "
                            + MAX_PIXELS,
                    null);
        }
    }

    /**
     * Reads the image size a JPEG's or a PNG's header declares, without decoding.
     *
     * @param b the encoded image
     * @return {width, height}, or null if {@code b} is neither or has no whole header
     */
    static long[] declaredSize(ByteBuffer b) {
        return isPng(b) && b.limit() >= 24 ? pngSize(b) : jpegSize(b);
    }

    private static long[] pngSize(ByteBuffer b) {
        return new long[] {u32(b, 16), u32(b, 20)};
    }

    private static long[] jpegSize(ByteBuffer b) {
        int at = frameHeader(b);
        return at < 0 ? null : new long[] {u16(b, at + 7), u16(b, at + 5)};
    }

    /**
     * Walks the JPEG markers to the start-of-frame.
     *
     * @param b the encoded image
     * @return the offset of the start-of-frame marker, whose height field is at offset 5 and width
     *     at 7, or -1 if {@code b} is not a JPEG or has no whole start-of-frame
     */
    static int frameHeader(ByteBuffer b) {
        if (!isJpeg(b)) {
            return -1;
        }
        int at = 2;
        while (at + 9 <= b.limit() && b.get(at) == (byte) 0xFF) {
            int marker = b.get(at + 1) & 0xFF;
            if (marker == 0xFF || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) {
                at += marker == 0xFF ? 1 : 2;
            } else if (isStartOfFrame(marker)) {
                return at;
            } else {
                at += 2 + u16(b, at + 2);
            }
        }
        return -1;
    }

    private static boolean isStartOfFrame(int marker) {
        return marker >= 0xC0
                && marker <= 0xCF
                && marker != 0xC4
                && marker != 0xC8
                && marker != 0xCC;
    }

    private static int u16(ByteBuffer b, int at) {
        return ((b.get(at) & 0xFF) << 8) | (b.get(at + 1) & 0xFF);
    }

    private static long u32(ByteBuffer b, int at) {
        return ((long) u16(b, at) << 16) | u16(b, at + 2);
    }

    /**
     * Tells whether {@code b} is a baseline or extended sequential Huffman JPEG (its frame header
     * found by walking the markers): one that libjpeg decodes from the top down, in one pass.
     */
    static boolean isSequentialJpeg(ByteBuffer b) {
        int at = frameHeader(b);
        return at >= 0 && (b.get(at + 1) == (byte) 0xC0 || b.get(at + 1) == (byte) 0xC1);
    }

    static boolean isJpeg(ByteBuffer b) {
        return b.limit() >= 3
                && b.get(0) == (byte) 0xFF
                && b.get(1) == (byte) 0xD8
                && b.get(2) == (byte) 0xFF;
    }

    private static boolean isPng(ByteBuffer b) {
        return b.limit() >= 8
                && b.get(0) == (byte) 0x89
                && b.get(1) == 'P'
                && b.get(2) == 'N'
                && b.get(3) == 'G';
    }

    private static boolean endsWith(ByteBuffer bytes, byte[] marker) {
        int from = Math.max(0, bytes.limit() - MAX_TRAILER);
        for (int i = bytes.limit() - marker.length; i >= from; i--) {
            if (matchesAt(bytes, i, marker)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAt(ByteBuffer bytes, int at, byte[] marker) {
        for (int j = 0; j < marker.length; j++) {
            if (bytes.get(at + j) != marker[j]) {
                return false;
            }
        }
        return true;
    }
}
