package dev.asyncdataset.internal.s3;

import dev.asyncdataset.internal.io.BodyBuffers;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Reads one GetObject response on the calling thread into its array ({@link BodyArray}: sized from
 * the Content-Length header, an object over the size limit refused before its body is read) within
 * the attempt's phase timeouts ({@link PhaseTimeouts}); a body shorter or longer than announced
 * fails. Once {@link #read} returns or throws nothing more is written into the array, and {@link
 * #filled()} tells how far it got, also after a failure. One instance per request.
 */
final class S3Body {

    /** The response headers and the whole body. */
    record Result(GetObjectResponse response, byte[] bytes) {}

    /**
     * The limits of one attempt by phase: the response headers within {@code firstByte} of its
     * start, no gap of {@code idle} between body bytes, and the whole of it, for a body that drips
     * without end, within {@code attempt}.
     */
    record Timeouts(Duration firstByte, Duration idle, Duration attempt) {}

    /** Opens the response: sends the request and returns once its headers came. */
    @FunctionalInterface
    interface Request {
        ResponseInputStream<GetObjectResponse> open() throws IOException;
    }

    private final String url;
    private final BodyArray array;
    private final PhaseTimeouts timeouts;
    private volatile GetObjectResponse response;

    /** A body in an array of its own, exactly its length, or from {@code pool} if not null. */
    S3Body(String url, long maxBytes, Timeouts timeouts, BodyBuffers pool) {
        this(url, new BodyArray(maxBytes, pool), timeouts);
    }

    /** A body written into {@code into} from {@code start}; it may not run past {@code end}. */
    S3Body(String url, Timeouts timeouts, byte[] into, int start, int end) {
        this(url, new BodyArray(into, start, end), timeouts);
    }

    private S3Body(String url, BodyArray array, Timeouts timeouts) {
        this.url = url;
        this.array = array;
        this.timeouts = new PhaseTimeouts(timeouts);
    }

    /** Where the body has been written up to: the start position plus the bytes received. */
    int filled() {
        return array.filled();
    }

    /** The response headers, or null if none came. */
    GetObjectResponse response() {
        return response;
    }

    /**
     * Sends {@code request} and reads the whole body within the phase timeouts; the response stream
     * is aborted if the body fails, else left to return its connection to the pool. Runs on the
     * calling thread if it is virtual (the loader's fetch threads), else on a virtual thread it
     * waits for ({@link OnVirtualThread}).
     */
    Result read(Request request) throws IOException {
        return Thread.currentThread().isVirtual()
                ? readHere(request)
                : OnVirtualThread.call(url, () -> readHere(request));
    }

    /**
     * Gives the array taken from the pool back to it, after the body failed ({@link #read} threw)
     * or its bytes were refused: nothing writes into it then.
     */
    void recycle() {
        array.recycle();
    }

    private Result readHere(Request request) throws IOException {
        timeouts.start();
        ResponseInputStream<GetObjectResponse> in = null;
        try {
            in = request.open();
            int end = headers(in);
            fill(in, end);
            timeouts.stop();
            in.close();
            return new Result(response, array.bytes());
        } catch (IOException | RuntimeException | Error e) {
            String timeout = timeouts.stop();
            if (in != null) {
                in.abort();
            }
            if (timeout != null) {
                throw timeoutError(timeout, e);
            }
            throw e;
        }
    }

    /** Takes the headers: the idle phase, the size check, the array; the body's end position. */
    private int headers(ResponseInputStream<GetObjectResponse> in) throws IOException {
        response = in.response();
        if (!timeouts.headers(in)) {
            throw new IOException(url + ": stopped before the headers");
        }
        int end = array.take(url, response.contentLength());
        timeouts.bodyStarts();
        return end;
    }

    /** Reads the body into the array up to {@code end}: truncated or longer bodies fail. */
    private void fill(ResponseInputStream<GetObjectResponse> in, int end) throws IOException {
        byte[] bytes = array.bytes();
        int start = array.start();
        int at = array.filled();
        while (at < end) {
            int n = in.read(bytes, at, end - at);
            if (n < 0) {
                throw new IOException(
                        url
                                + ": truncated body, "
                                + (at - start)
                                + " of "
                                + (end - start)
                                + " bytes");
            }
            at += n;
            array.filledTo(at);
            timeouts.bytesCame();
        }
        if (in.read() >= 0) {
            throw new IOException(url + ": body longer than its Content-Length " + (end - start));
        }
    }

    private IOException timeoutError(String what, Throwable cause) {
        SocketTimeoutException timeout = new SocketTimeoutException(url + ": " + what);
        timeout.initCause(cause);
        return timeout;
    }
}
