package dev.asyncdataset.source;

import com.google.errorprone.annotations.concurrent.GuardedBy;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A bounded least-recently-used cache of byte arrays in a directory. Entry files are named by the
 * SHA-256 hex of their key (so no key can name a path), written to a temporary file and renamed
 * atomically (so no reader ever sees half an entry). Space is reserved before a write, so the
 * directory, temporary files included, never holds more than {@code maxBytes} of entries. Safe for
 * concurrent readers and writers; called from virtual fetch threads, it holds its lock for
 * bookkeeping only: files are read, written and deleted outside it.
 */
final class DiskCache {

    private static final String TEMP_SUFFIX = ".tmp";

    /** An entry (64 hex digits) or one of its temporary files. */
    private static final Pattern OWN_FILE = Pattern.compile("[0-9a-f]{64}(\\d+\\.tmp)?");

    private final Path dir;
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

    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    /**
     * Opens the cache in {@code dir}, keeping the entries an earlier run left there (least recently
     * modified evicted first) and deleting its temporary files. Other files are ignored.
     */
    DiskCache(Path dir, long maxBytes) throws IOException {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes < 1: " + maxBytes);
        }
        this.dir = Files.createDirectories(dir);
        this.maxBytes = maxBytes;
        List<Path> found;
        try (Stream<Path> files = Files.list(dir)) {
            found =
                    files.filter(p -> OWN_FILE.matcher(p.getFileName().toString()).matches())
                            .toList();
        }
        for (Path file : found) {
            if (file.toString().endsWith(TEMP_SUFFIX)) {
                Files.deleteIfExists(file);
            }
        }
        adopt(found.stream().filter(p -> !p.toString().endsWith(TEMP_SUFFIX)).toList());
    }

    private void adopt(List<Path> files) throws IOException {
        List<Path> byAge = new ArrayList<>(files);
        byAge.sort(Comparator.comparing(DiskCache::lastModified));
        for (Path file : byAge) {
            long size = Files.size(file);
            lock.lock();
            try {
                entries.put(file.getFileName().toString(), size);
                usedBytes += size;
            } finally {
                lock.unlock();
            }
        }
        delete(evictToFit(0));
    }

    private static FileTime lastModified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** Returns the cached bytes of {@code key}, or {@code null} on a miss. */
    byte[] get(String key) throws IOException {
        String name = fileName(key);
        lock.lock();
        try {
            if (entries.get(name) == null) {
                misses.increment();
                return null;
            }
        } finally {
            lock.unlock();
        }
        try {
            byte[] bytes = Files.readAllBytes(dir.resolve(name));
            hits.increment();
            return bytes;
        } catch (NoSuchFileException evictedMeanwhile) {
            misses.increment();
            return null;
        }
    }

    /**
     * Stores {@code bytes} under {@code key}, evicting least recently used entries to fit; skips
     * the entry if it is already there, being written or deleted, or cannot fit beside the entries
     * that other threads are writing.
     */
    void put(String key, byte[] bytes) throws IOException {
        String name = fileName(key);
        Map<String, Long> evicted = reserve(name, bytes.length);
        if (evicted == null) {
            return;
        }
        Path temp = null;
        try {
            delete(evicted);
            temp = Files.createTempFile(dir, name, TEMP_SUFFIX);
            Files.write(temp, bytes);
            Files.move(temp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
            commit(name, bytes.length);
        } catch (IOException | RuntimeException e) {
            release(name, bytes.length);
            if (temp != null) {
                Files.deleteIfExists(temp);
            }
            throw e;
        }
    }

    /**
     * Reserves {@code size} bytes for {@code name}, evicting the entries that must go for it to
     * fit. Returns them (name to size) for the caller to delete, or {@code null} if the entry is
     * not to be written.
     */
    private Map<String, Long> reserve(String name, long size) {
        lock.lock();
        try {
            if (size > maxBytes || entries.containsKey(name) || busy.contains(name)) {
                return null;
            }
            Map<String, Long> evicted = evictToFit(size);
            if (evicted == null) {
                return null;
            }
            busy.add(name);
            usedBytes += size;
            return evicted;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes least recently used entries out of the cache until {@code size} more bytes fit once
     * they are deleted, marking them busy; their bytes stay counted until {@link #delete}. Returns
     * {@code null}, evicting nothing, if they would not make enough room.
     */
    private Map<String, Long> evictToFit(long size) {
        lock.lock();
        try {
            Map<String, Long> evicted = new LinkedHashMap<>();
            long freed = 0;
            Iterator<Map.Entry<String, Long>> lru = entries.entrySet().iterator();
            while (usedBytes - freed + size > maxBytes && lru.hasNext()) {
                Map.Entry<String, Long> eldest = lru.next();
                evicted.put(eldest.getKey(), eldest.getValue());
                freed += eldest.getValue();
            }
            if (usedBytes - freed + size > maxBytes) {
                return null;
            }
            entries.keySet().removeAll(evicted.keySet());
            busy.addAll(evicted.keySet());
            return evicted;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Deletes the files of evicted entries, outside the lock, then stops counting the bytes of
     * those deleted. A file that cannot be deleted stays counted: the bound still holds.
     */
    private void delete(Map<String, Long> evicted) throws IOException {
        long deleted = 0;
        try {
            for (Map.Entry<String, Long> entry : evicted.entrySet()) {
                Files.deleteIfExists(dir.resolve(entry.getKey()));
                deleted += entry.getValue();
            }
        } finally {
            lock.lock();
            try {
                busy.removeAll(evicted.keySet());
                usedBytes -= deleted;
            } finally {
                lock.unlock();
            }
        }
    }

    private void commit(String name, long size) {
        lock.lock();
        try {
            busy.remove(name);
            entries.put(name, size);
        } finally {
            lock.unlock();
        }
    }

    private void release(String name, long size) {
        lock.lock();
        try {
            busy.remove(name);
            usedBytes -= size;
        } finally {
            lock.unlock();
        }
    }

    long hitCount() {
        return hits.sum();
    }

    long missCount() {
        return misses.sum();
    }

    static String fileName(String key) {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha256.digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
