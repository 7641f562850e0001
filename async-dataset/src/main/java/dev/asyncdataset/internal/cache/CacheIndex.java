package dev.asyncdataset.internal.cache;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The bookkeeping of a {@link DiskCache}: which entries it holds in least-recently-used order,
 * which names are being written or deleted, and how many bytes all of them take. No I/O: the cache
 * reads, writes and deletes files outside this class's lock, so that virtual fetch threads never
 * wait on a disk while holding it.
 */
final class CacheIndex {

    private final long maxBytes;
    private final ReentrantLock lock = new ReentrantLock();

    /** File name to size, in access order (least recently used first). */
    @GuardedBy("lock")
    private final LinkedHashMap<String, Long> entries = new LinkedHashMap<>(16, 0.75f, true);

    /** Names being written or, once evicted, deleted: neither read nor written meanwhile. */
    @GuardedBy("lock")
    private final Set<String> busy = new HashSet<>();

    /** Bytes of the entries, of the reserved writes and of the evicted files not yet deleted. */
    @GuardedBy("lock")
    private long usedBytes;

    /** Bytes of the evicted files not yet deleted. */
    @GuardedBy("lock")
    private long deletingBytes;

    CacheIndex(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** True if {@code name} is an entry; marks it most recently used. */
    boolean contains(String name) {
        lock.lock();
        try {
            return entries.get(name) != null;
        } finally {
            lock.unlock();
        }
    }

    /** Records an entry found on disk, most recently used. */
    void adopt(String name, long size) {
        lock.lock();
        try {
            entries.put(name, size);
            usedBytes += size;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Reserves {@code size} bytes for {@code name}, evicting the entries that must go for it to
     * fit. Returns them (name to size) for the caller to delete, then report with {@link #deleted},
     * or {@code null} if {@code name} is not to be written: too large, already there, busy, or not
     * fitting beside the writes and deletions in progress.
     */
    Map<String, Long> reserve(String name, long size) {
        lock.lock();
        try {
            if (size > maxBytes || entries.containsKey(name) || busy.contains(name)) {
                return null;
            }
            Map<String, Long> evicted = evictToFit(size);
            if (evicted != null) {
                busy.add(name);
                usedBytes += size;
            }
            return evicted;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes least recently used entries out until {@code size} more bytes fit once they and the
     * files other writers are deleting are gone, marking them busy; their bytes stay counted until
     * {@link #deleted}, so the bound holds on disk. Returns {@code null}, evicting nothing, if they
     * would not make enough room, or would only once the other writers' deletions are done:
     * evicting more in place of files already on their way out would shrink the cache far below its
     * bound whenever many writes reserve at once.
     */
    Map<String, Long> evictToFit(long size) {
        lock.lock();
        try {
            Map<String, Long> evicted = new LinkedHashMap<>();
            long freed = 0;
            Iterator<Map.Entry<String, Long>> lru = entries.entrySet().iterator();
            while (usedBytes - deletingBytes - freed + size > maxBytes && lru.hasNext()) {
                Map.Entry<String, Long> eldest = lru.next();
                evicted.put(eldest.getKey(), eldest.getValue());
                freed += eldest.getValue();
            }
            if (usedBytes - freed + size > maxBytes) {
                return null;
            }
            entries.keySet().removeAll(evicted.keySet());
            busy.addAll(evicted.keySet());
            deletingBytes += freed;
            return evicted;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Frees the names of {@code evicted} entries (name to size), and the {@code bytes} of those
     * whose file is gone; a file that could not be deleted stays counted.
     */
    void deleted(Map<String, Long> evicted, long bytes) {
        lock.lock();
        try {
            busy.removeAll(evicted.keySet());
            deletingBytes -= evicted.values().stream().mapToLong(Long::longValue).sum();
            usedBytes -= bytes;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the entry {@code name} out to be deleted, marking it busy as {@link #evictToFit} does;
     * returns it (name to size), or an empty map if it is not an entry.
     */
    Map<String, Long> take(String name) {
        lock.lock();
        try {
            Long size = entries.remove(name);
            if (size == null) {
                return Map.of();
            }
            busy.add(name);
            deletingBytes += size;
            return Map.of(name, size);
        } finally {
            lock.unlock();
        }
    }

    /** Makes the reserved {@code name} an entry, most recently used. */
    void commit(String name, long size) {
        lock.lock();
        try {
            busy.remove(name);
            entries.put(name, size);
        } finally {
            lock.unlock();
        }
    }

    /** Gives back the reservation of a write that failed. */
    void release(String name, long size) {
        lock.lock();
        try {
            busy.remove(name);
            usedBytes -= size;
        } finally {
            lock.unlock();
        }
    }
}
