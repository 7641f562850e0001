package dev.asyncdataset.store;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;

/**
 * One object being written to a {@link WritableStore}: the bytes written to {@link #stream()}
 * become visible under the object's URL all at once when {@link #commit()} succeeds, and not
 * before; a reader sees the object as it was before, or whole. Closing it without a commit (after a
 * failure, in a {@code try}-with-resources block) drops what was written and leaves nothing under
 * the URL. Used by one thread at a time.
 *
 * <pre>{@code
 * try (ObjectOutput out = store.create(url)) {
 *     out.stream().write(bytes);
 *     out.commit();
 * }
 * }</pre>
 */
public interface ObjectOutput extends Closeable {

    /**
     * Where the object's bytes go; {@link #commit()} and {@link #close()} end it.
     *
     * @return the stream
     */
    OutputStream stream();

    /**
     * Makes everything written visible under the URL, at once, replacing the object there.
     *
     * @throws IOException if the store fails; the object is then not written, and {@link #close()}
     *     drops what was
     */
    void commit() throws IOException;

    /**
     * Drops what was written unless it was committed, leaving nothing under the URL; does nothing
     * after a commit or a close.
     *
     * @throws IOException if the store fails to drop it
     */
    @Override
    void close() throws IOException;
}
