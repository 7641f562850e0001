package dev.asyncdataset.it;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A real store whose first whole-object body is cut after {@code cutAfter} bytes, the object being
 * replaced in the store at that moment: the read that resumes it must see the new identity.
 */
final class ReplacedMidRead implements ObjectStore {

    /** Replaces the object in the store. */
    interface Replacement {
        void run() throws Exception;
    }

    private final ObjectStore store;
    private final int cutAfter;
    private final Replacement replacement;
    private final AtomicBoolean cut = new AtomicBoolean();
    private final AtomicBoolean replaced = new AtomicBoolean();

    ReplacedMidRead(ObjectStore store, int cutAfter, Replacement replacement) {
        this.store = store;
        this.cutAfter = cutAfter;
        this.replacement = replacement;
    }

    /** Whether the object was replaced. */
    boolean replaced() {
        return replaced.get();
    }

    @Override
    public List<StoredObject> list(String prefix) throws IOException {
        return store.list(prefix);
    }

    @Override
    public StoredObject stat(String url) throws IOException {
        return store.stat(url);
    }

    @Override
    public StoredBody open(String url, long offset, long length) throws IOException {
        StoredBody body = store.open(url, offset, length);
        if (offset != 0 || length >= 0 || !cut.compareAndSet(false, true)) {
            return body;
        }
        return new StoredBody(new CutStream(body.stream()), body.identity());
    }

    @Override
    public void close() {
        store.close();
    }

    /** Passes {@code cutAfter} bytes, then replaces the object and fails. */
    private final class CutStream extends FilterInputStream {

        private int passed;

        CutStream(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (passed >= cutAfter) {
                try {
                    replacement.run();
                } catch (Exception e) {
                    throw new IllegalStateException("cannot replace the object", e);
                }
                replaced.set(true);
                throw new IOException("body cut after " + passed + " bytes");
            }
            int n = super.read(into, offset, Math.min(length, cutAfter - passed));
            passed += Math.max(n, 0);
            return n;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }
    }
}
