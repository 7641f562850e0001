package dev.asyncdataset.source.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The byte arrays of one data page, the non-null ones in order: PLAIN (each its 4-byte
 * little-endian length, then its bytes), handed out as views of the page's array, or dictionary
 * indices (a byte of bit width, then the RLE/bit-packed hybrid), handed out as the dictionary's
 * views. A page is the first {@code end} bytes of its array, which may be longer.
 */
interface PageValues {

    /** The next value. */
    ByteBuffer next() throws IOException;

    /**
     * The {@code present} values of {@code page} from {@code at} to {@code end}, encoded with
     * {@code encoding}.
     *
     * @param dictionary the chunk's dictionary, null if it has none
     * @throws IOException if the encoding is another, or dictionary indices have no dictionary or
     *     point past it
     */
    static PageValues of(
            int encoding, byte[] page, int at, int end, int present, ByteBuffer[] dictionary)
            throws IOException {
        if (encoding == PageHeader.PLAIN) {
            int[] position = {at};
            return () -> plain(page, position, end);
        }
        if (encoding != PageHeader.PLAIN_DICTIONARY && encoding != PageHeader.RLE_DICTIONARY) {
            throw new IOException("its values' encoding " + encoding + " is not read");
        }
        if (dictionary == null) {
            throw new IOException("its values are dictionary indices, and the chunk has none");
        }
        int[] indices = new int[present];
        if (present > 0) {
            if (at >= end) {
                throw new IOException("its dictionary indices lack their bit width");
            }
            HybridDecoder.decode(page, at + 1, end, page[at], indices, present);
        }
        int[] next = {0};
        return () -> {
            int index = indices[next[0]++];
            if (index < 0 || index >= dictionary.length) {
                throw new IOException(
                        "dictionary index " + index + " is past its " + dictionary.length);
            }
            return dictionary[index];
        };
    }

    /**
     * The PLAIN byte array at {@code at[0]} of the page ending at {@code end}, a view; moves {@code
     * at} past it.
     */
    static ByteBuffer plain(byte[] page, int[] at, int end) throws IOException {
        int length = intAt(page, at[0], end);
        if (length < 0 || length > end - at[0] - 4) {
            throw new IOException("a value of " + length + " bytes runs past its page");
        }
        ByteBuffer value = ByteBuffer.wrap(page, at[0] + 4, length).slice();
        at[0] += 4 + length;
        return value;
    }

    /** The 4-byte little-endian integer at {@code at} of the page ending at {@code end}. */
    static int intAt(byte[] page, int at, int end) throws IOException {
        if (at < 0 || at > end - 4) {
            throw new IOException("a length runs past its page");
        }
        return (page[at] & 0xff)
                | (page[at + 1] & 0xff) << 8
                | (page[at + 2] & 0xff) << 16
                | (page[at + 3] & 0xff) << 24;
    }
}
