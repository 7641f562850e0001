package dev.asyncdataset.store;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;

/**
 * The bytes of one read of an object, as they arrive.
 *
 * @param stream the bytes; closing it from another thread makes a blocked read fail, which is how
 *     the library ends a body that stalls
 * @param identity the identity of the object read (an ETag), or null
 */
public record StoredBody(InputStream stream, String identity) implements Closeable {

    /** Closes the stream, dropping what was not read. */
    @Override
    public void close() throws IOException {
        stream.close();
    }
}
