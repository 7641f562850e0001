package dev.asyncdataset.it;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The response bytes a {@link ResetProxy} has received but not yet forwarded, and where in them a
 * response marked for a reset must be cut: after its headers and the number of body bytes that
 * follow the marker header.
 */
final class ResponseWindow {

    /** {@link #resetPoint()}: no response in the window asks for a reset. */
    private static final int NO_MARKER = -1;

    /** {@link #resetPoint()}: a response asks for a reset, but not all of it is here yet. */
    private static final int INCOMPLETE = -2;

    private static final byte[] LINE_END = {'\r', '\n'};
    private static final byte[] HEADERS_END = {'\r', '\n', '\r', '\n'};

    private final byte[] marker;
    private byte[] bytes = new byte[128 * 1024];
    private int length;

    /**
     * @param marker the header prefix, up to its value, that asks for a reset
     */
    ResponseWindow(String marker) {
        this.marker = marker.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Takes the first {@code n} bytes of {@code data} and forwards to {@code out} what can go.
     *
     * @return true if a response marked for a reset has been forwarded up to its cut: the
     *     connection must now be reset
     */
    boolean relay(byte[] data, int n, OutputStream out) throws IOException {
        append(data, n);
        int cut = resetPoint();
        if (cut >= 0) {
            forward(out, cut);
            return true;
        }
        if (cut == NO_MARKER) {
            forward(out, length - longestMarkerPrefixAtEnd());
        }
        return false;
    }

    /** Forwards what is left, at the end of the stream. */
    void drain(OutputStream out) throws IOException {
        forward(out, length);
    }

    private void append(byte[] data, int n) {
        if (length + n > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + n));
        }
        System.arraycopy(data, 0, bytes, length, n);
        length += n;
    }

    /**
     * Where to cut: the end of the marked response's headers plus the body bytes its marker
     * announces; {@link #INCOMPLETE} or {@link #NO_MARKER} if there is no such point yet.
     */
    private int resetPoint() {
        int at = indexOf(marker, 0);
        if (at < 0) {
            return NO_MARKER;
        }
        int valueStart = at + marker.length;
        int lineEnd = indexOf(LINE_END, valueStart);
        int headersEnd = indexOf(HEADERS_END, at);
        if (lineEnd < 0 || headersEnd < 0) {
            return INCOMPLETE;
        }
        String value =
                new String(bytes, valueStart, lineEnd - valueStart, StandardCharsets.US_ASCII);
        int cut = headersEnd + HEADERS_END.length + Integer.parseInt(value.trim());
        return cut <= length ? cut : INCOMPLETE;
    }

    /** Writes the first {@code n} bytes to {@code out} and drops them from the window. */
    private void forward(OutputStream out, int n) throws IOException {
        out.write(bytes, 0, n);
        out.flush();
        System.arraycopy(bytes, n, bytes, 0, length - n);
        length -= n;
    }

    /** A tail that could be the start of the marker waits for the next read to tell. */
    private int longestMarkerPrefixAtEnd() {
        for (int keep = Math.min(marker.length - 1, length); keep > 0; keep--) {
            if (Arrays.equals(bytes, length - keep, length, marker, 0, keep)) {
                return keep;
            }
        }
        return 0;
    }

    private int indexOf(byte[] pattern, int from) {
        for (int i = from; i + pattern.length <= length; i++) {
            if (Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length)) {
                return i;
            }
        }
        return -1;
    }
}
