package dev.asyncdataset.testing;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.ByteArrayInputStream;
import java.nio.file.NoSuchFileException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Objects in memory by URL, listed under a prefix (in the map's order), read whole or by range. */
public final class MemoryStore implements ObjectStore {

    private final Map<String, byte[]> objects;

    /**
     * A store of {@code objects}, read as they are when asked.
     *
     * @param objects each object's bytes by its URL
     */
    public MemoryStore(Map<String, byte[]> objects) {
        this.objects = objects;
    }

    @Override
    public List<StoredObject> list(String prefix) {
        return objects.keySet().stream()
                .filter(url -> url.startsWith(prefix))
                .filter(url -> url.indexOf('/', prefix.length()) < 0)
                .map(this::stat)
                .toList();
    }

    @Override
    public List<StoredObject> listAll(String prefix) {
        return objects.keySet().stream()
                .filter(url -> url.startsWith(prefix))
                .map(this::stat)
                .toList();
    }

    @Override
    public StoredObject stat(String url) {
        byte[] bytes = objects.get(url);
        return bytes == null ? null : new StoredObject(url, bytes.length, "v1");
    }

    @Override
    public StoredBody open(String url, long offset, long length) throws NoSuchFileException {
        byte[] bytes = objects.get(url);
        if (bytes == null) {
            throw new NoSuchFileException(url, null, "no object");
        }
        int end = length < 0 ? bytes.length : Math.toIntExact(offset + length);
        byte[] range = Arrays.copyOfRange(bytes, Math.toIntExact(offset), end);
        return new StoredBody(new ByteArrayInputStream(range), "v1");
    }

    @Override
    public void close() {}
}
