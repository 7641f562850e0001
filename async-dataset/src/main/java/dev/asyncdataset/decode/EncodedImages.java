package dev.asyncdataset.decode;

import dev.asyncdataset.source.BadItemException;

/**
 * Structural checks on encoded bytes that decoders do not make. libjpeg (under OpenCV and
 * ImageIO alike) decodes a truncated JPEG with only a warning and fills the missing rows with
 * grey; a truncated training image would then silently train on garbage. A JPEG must therefore
 * end with its end-of-image marker and a PNG with its IEND chunk, allowing for a little padding
 * after them (some writers append a few bytes).
 */
final class EncodedImages {

    /** How far before the end the end marker may sit. */
    static final int MAX_TRAILER = 4096;

    private static final byte[] JPEG_EOI = {(byte) 0xFF, (byte) 0xD9};
    private static final byte[] PNG_IEND = {'I', 'E', 'N', 'D'};

    private EncodedImages() {}

    /**
     * Throws if {@code bytes} are empty, or a JPEG or PNG whose end marker is missing.
     *
     * @param bytes the encoded image
     * @param key the item's key, for the message
     * @throws BadItemException if the image is empty or truncated
     */
    static void checkComplete(byte[] bytes, String key) throws BadItemException {
        if (bytes.length == 0) {
            throw new BadItemException(key, "zero-byte image", null);
        }
        if (isJpeg(bytes) && !endsWith(bytes, JPEG_EOI)) {
            throw new BadItemException(key, "truncated JPEG: no end-of-image marker", null);
        }
        if (isPng(bytes) && !endsWith(bytes, PNG_IEND)) {
            throw new BadItemException(key, "truncated PNG: no IEND chunk", null);
        }
    }

    private static boolean isJpeg(byte[] b) {
        return b.length >= 3 && b[0] == (byte) 0xFF && b[1] == (byte) 0xD8 && b[2] == (byte) 0xFF;
    }

    private static boolean isPng(byte[] b) {
        return b.length >= 8 && b[0] == (byte) 0x89 && b[1] == 'P' && b[2] == 'N' && b[3] == 'G';
    }

    private static boolean endsWith(byte[] bytes, byte[] marker) {
        int from = Math.max(0, bytes.length - MAX_TRAILER);
        for (int i = bytes.length - marker.length; i >= from; i--) {
            if (matchesAt(bytes, i, marker)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAt(byte[] bytes, int at, byte[] marker) {
        for (int j = 0; j < marker.length; j++) {
            if (bytes[at + j] != marker[j]) {
                return false;
            }
        }
        return true;
    }
}
