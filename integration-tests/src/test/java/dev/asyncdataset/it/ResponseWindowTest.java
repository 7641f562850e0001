package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Where {@link ResponseWindow} cuts a response marked for a reset, whatever the read sizes. */
class ResponseWindowTest {

    private static final String PLAIN = "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nabcd";
    private static final String MARKED =
            "HTTP/1.1 200 OK\r\nContent-Length: 8\r\n" + ResetProxy.MARKER + "3\r\n\r\n12345678";

    @Test
    void forwardsAnUnmarkedResponseWhole() throws Exception {
        ResponseWindow window = new ResponseWindow(ResetProxy.MARKER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertFalse(relay(window, PLAIN, out));
        window.drain(out);
        assertEquals(PLAIN, out.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void cutsAMarkedResponseAfterItsHeadersAndTheAnnouncedBodyBytesInEveryReadSize()
            throws Exception {
        String stream = PLAIN + MARKED;
        String expected = stream.substring(0, stream.indexOf("12345678") + 3);
        for (int chunk = 1; chunk <= stream.length(); chunk++) {
            assertEquals(expected, forwardedBeforeReset(stream, chunk), "reads of " + chunk);
        }
    }

    /** Feeds {@code stream} in {@code chunk}-byte reads; returns what was sent before the cut. */
    private static String forwardedBeforeReset(String stream, int chunk) throws Exception {
        ResponseWindow window = new ResponseWindow(ResetProxy.MARKER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int start = 0; start < stream.length(); start += chunk) {
            if (relay(
                    window,
                    stream.substring(start, Math.min(stream.length(), start + chunk)),
                    out)) {
                return out.toString(StandardCharsets.US_ASCII);
            }
        }
        throw new AssertionError("never cut: " + out);
    }

    private static boolean relay(ResponseWindow window, String text, ByteArrayOutputStream out)
            throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        return window.relay(bytes, bytes.length, out);
    }
}
