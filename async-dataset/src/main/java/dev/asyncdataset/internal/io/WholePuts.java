package dev.asyncdataset.internal.io;

import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.WritableStore;
import java.io.IOException;

/**
 * A store that writes a small object in one request (S3's single PUT), and the library's wrappers
 * of stores, which pass that on; any other store writes it through {@link WritableStore#create}.
 */
public interface WholePuts {

    /**
     * Writes {@code bytes} as the object at {@code url} at once, replacing what was there.
     *
     * @param url the object's location
     * @param bytes the object's bytes
     * @throws IOException if the store fails; the object is then as it was
     */
    void put(String url, byte[] bytes) throws IOException;

    /**
     * Writes {@code bytes} as {@code store}'s object at {@code url} at once, replacing what was
     * there: in one request where the store can, else created and committed.
     *
     * @param store the store
     * @param url the object's location
     * @param bytes the object's bytes
     * @throws IOException if the store fails; the object is then as it was
     */
    static void put(WritableStore store, String url, byte[] bytes) throws IOException {
        if (store instanceof WholePuts whole) {
            whole.put(url, bytes);
            return;
        }
        try (ObjectOutput out = store.create(url)) {
            out.stream().write(bytes);
            out.commit();
        }
    }
}
