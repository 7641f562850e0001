package dev.asyncdataset.internal.store.http;

import dev.asyncdataset.store.RequestRejected;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the answer to a {@code Range} request: only a {@code 206} whose {@code Content-Range}
 * names exactly the bytes asked for is a range. A {@code 200} is the whole object from a server
 * that ignores {@code Range}: reading a sample by itself, or indexing a shard that has no {@code
 * .idx}, then cannot work, and the error says so.
 */
final class Ranges {

    private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");

    private Ranges() {}

    static void expectRange(
            HttpObjectStore store,
            String location,
            HttpResponse<?> response,
            long offset,
            long length)
            throws IOException {
        if (response.statusCode() == 200) {
            throw new RequestRejected(
                    store.shown(location)
                            + ": the server ignores Range (200 with the whole object);"
                            + " random access and indexing a shard without its .idx need a"
                            + " server that honours Range");
        }
        store.expect(location, response, 206);
        String header = response.headers().firstValue("Content-Range").orElse("");
        Matcher m = CONTENT_RANGE.matcher(header);
        long last = offset + length - 1;
        if (!m.matches()
                || Long.parseLong(m.group(1)) != offset
                || Long.parseLong(m.group(2)) != last) {
            throw new RequestRejected(
                    store.shown(location)
                            + ": asked for bytes "
                            + offset
                            + "-"
                            + last
                            + ", got Content-Range '"
                            + header
                            + "'");
        }
    }
}
