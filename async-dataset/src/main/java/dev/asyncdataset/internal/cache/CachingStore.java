package dev.asyncdataset.internal.cache;

import dev.asyncdataset.internal.io.ConditionalReads;
import dev.asyncdataset.internal.io.Locations;
import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A remote {@link ObjectStore} whose whole-object reads go through a {@link DiskCache}: a held
 * object is served from its entry, without a request; one read from the store is stored by the read
 * itself ({@link #keep}) once its bytes have passed every check: the store's checksum and the
 * read's own (a sidecar index's, a shard's members' CRC32C), so that bytes damaged in transit over
 * a store without a checksum are never cached. Listings, stats and ranged reads go to the store.
 *
 * <ul>
 *   <li><b>Key.</b> The object's URL without its query (a SAS token that changes keeps its
 *       entries). The entry holds the bytes, the identity the store gave them (which a body from
 *       the cache gives again) and their CRC32C ({@link CacheEntry}).
 *   <li><b>Staleness.</b> An entry is served without asking the store, so that a later epoch needs
 *       no request (and runs while the store is away): an object replaced in the store is read as
 *       it was cached until its entry is evicted or the directory cleared. A dataset is read as
 *       immutable while cached.
 *   <li><b>Checks.</b> An entry whose bytes fail their CRC32C (a cache file damaged on disk) is
 *       dropped and the object read again from the store; the read's own check sees cached bytes as
 *       it sees the store's, and an entry failing it is dropped by the read ({@link #drop}).
 *       Entries are written atomically ({@link DiskCache}).
 *   <li><b>Failures.</b> A full or failing cache disk costs speed, never the item: it is logged and
 *       the object read from, or handed on from, the store.
 * </ul>
 */
public final class CachingStore implements ObjectStore, ConditionalReads {

    private static final Logger logger = LoggerFactory.getLogger(CachingStore.class);

    private final ObjectStore store;
    private final DiskCache cache;

    /**
     * Caches the whole reads of {@code store} in {@code cache}.
     *
     * @param store the remote store, closed by {@link #close}
     * @param cache the cache
     */
    public CachingStore(ObjectStore store, DiskCache cache) {
        this.store = store;
        this.cache = cache;
    }

    @Override
    public List<StoredObject> list(String prefix) throws IOException {
        return store.list(prefix);
    }

    @Override
    public List<StoredObject> listAll(String prefix) throws IOException {
        return store.listAll(prefix);
    }

    @Override
    public StoredObject stat(String url) throws IOException {
        return store.stat(url);
    }

    /** A whole object from its entry if held and sound, else from the store. */
    @Override
    public StoredBody open(String url, long offset, long length) throws IOException {
        if (offset != 0 || length >= 0) {
            return store.open(url, offset, length);
        }
        CacheEntry held = held(Locations.shown(url));
        if (held == null) {
            return store.open(url, 0, -1);
        }
        return new StoredBody(
                new ByteArrayInputStream(held.bytes(), 0, held.length()),
                held.identity(),
                null,
                held.length());
    }

    @Override
    public StoredBody openIfMatch(String url, long offset, long length, String identity)
            throws IOException {
        return ConditionalReads.open(store, url, offset, length, identity);
    }

    /** The sound entry of {@code key}, or null: none, unreadable, or damaged (then dropped). */
    private CacheEntry held(String key) {
        try {
            byte[] file = cache.get(key);
            if (file == null) {
                return null;
            }
            CacheEntry entry = CacheEntry.parse(file);
            if (entry == null) {
                logger.warn("dropping the damaged cache entry of {}", key);
                cache.remove(key);
            }
            return entry;
        } catch (IOException e) {
            logger.warn("cannot read the cache entry of {}: {}", key, e.toString());
            return null;
        }
    }

    /**
     * Whether the object at {@code url} has no entry, so that a read of it from the store would
     * {@linkplain #keep keep} its bytes.
     *
     * @param url the object's location
     * @return true if no entry is held
     */
    public boolean lacks(String url) {
        return !cache.holds(Locations.shown(url));
    }

    /**
     * Stores the whole object read from the store, once its bytes passed every check of the read; a
     * full or failing cache disk is logged.
     *
     * @param url the object's location
     * @param bytes an array starting with the object's bytes
     * @param length the object's length
     * @param identity the identity the store gave the bytes, or null
     */
    public void keep(String url, byte[] bytes, int length, String identity) {
        String key = Locations.shown(url);
        try {
            cache.put(key, new CacheEntry(bytes, length, identity).file());
        } catch (IOException e) {
            logger.warn("cannot cache {}: {}", key, e.toString());
        }
    }

    /**
     * Drops the entry of the object at {@code url}, if any: bytes the read's check refused, to be
     * read again from the store.
     *
     * @param url the object's location
     */
    public void drop(String url) {
        String key = Locations.shown(url);
        try {
            cache.remove(key);
        } catch (IOException e) {
            logger.warn("cannot drop the cache entry of {}: {}", key, e.toString());
        }
    }

    /**
     * Returns the whole reads served from the cache.
     *
     * @return the count
     */
    public long hitCount() {
        return cache.hitCount();
    }

    /**
     * Returns the whole reads the cache did not hold.
     *
     * @return the count
     */
    public long missCount() {
        return cache.missCount();
    }

    @Override
    public void close() {
        store.close();
    }
}
