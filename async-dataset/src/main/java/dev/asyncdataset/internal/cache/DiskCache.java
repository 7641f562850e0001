package dev.asyncdataset.internal.cache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A bounded least-recently-used cache of byte arrays in a directory. Entry files are named by the
 * SHA-256 hex of their key (so no key can name a path), written to a temporary file and renamed
 * atomically (so no reader ever sees half an entry). Space is reserved before a write, so the
 * directory, temporary files included, never holds more than {@code maxBytes} of entries. Safe for
 * concurrent readers and writers; called from virtual fetch threads, it keeps its bookkeeping in a
 * {@link CacheIndex} and reads, writes and deletes files outside that index's lock.
 */
public final class DiskCache {

    private static final String TEMP_SUFFIX = ".tmp";

    /** An entry (64 hex digits) or one of its temporary files. */
    private static final Pattern OWN_FILE = Pattern.compile("[0-9a-f]{64}(\\d+\\.tmp)?");

    private final Path dir;
    private final CacheIndex index;
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    /**
     * Opens the cache in {@code dir}, keeping the entries an earlier run left there (least recently
     * modified evicted first) and deleting its temporary files. Other files are ignored.
     */
    public DiskCache(Path dir, long maxBytes) throws IOException {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes < 1: " + maxBytes);
        }
        this.dir = Files.createDirectories(dir);
        this.index = new CacheIndex(maxBytes);
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
            index.adopt(file.getFileName().toString(), Files.size(file));
        }
        delete(index.evictToFit(0));
    }

    private static FileTime lastModified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    /** Returns the cached bytes of {@code key}, or {@code null} on a miss. */
    public byte[] get(String key) throws IOException {
        String name = fileName(key);
        if (!index.contains(name)) {
            misses.increment();
            return null;
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
     * Whether an entry of {@code key} is held, without counting a lookup.
     *
     * @param key the entry's key
     * @return true if held
     */
    public boolean holds(String key) {
        return index.contains(fileName(key));
    }

    /**
     * Stores {@code bytes} under {@code key}, evicting least recently used entries to fit; skips
     * the entry if it is already there, being written or deleted, or cannot fit beside the entries
     * that other threads are writing or deleting.
     */
    public void put(String key, byte[] bytes) throws IOException {
        put(key, ByteBuffer.wrap(bytes));
    }

    /**
     * Stores the bytes of {@code body} from its position to its limit under {@code key}, as {@link
     * #put(String, byte[])} does; the body's position is not moved.
     */
    public void put(String key, ByteBuffer body) throws IOException {
        String name = fileName(key);
        int length = body.remaining();
        Map<String, Long> evicted = index.reserve(name, length);
        if (evicted == null) {
            return;
        }
        Path temp = null;
        try {
            delete(evicted);
            temp = Files.createTempFile(dir, name, TEMP_SUFFIX);
            write(temp, body.duplicate());
            Files.move(temp, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE);
            index.commit(name, length);
        } catch (IOException | RuntimeException e) {
            index.release(name, length);
            if (temp != null) {
                Files.deleteIfExists(temp);
            }
            throw e;
        }
    }

    private static void write(Path file, ByteBuffer bytes) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
        }
    }

    /**
     * Drops the entry of {@code key}, if any: one found corrupt, to be read again from its store.
     *
     * @param key the entry's key
     * @throws IOException if its file cannot be deleted (its bytes then stay counted)
     */
    public void remove(String key) throws IOException {
        delete(index.take(fileName(key)));
    }

    /**
     * Deletes the files of evicted entries, then stops counting the bytes of those deleted. A file
     * that cannot be deleted stays counted: the bound still holds.
     */
    private void delete(Map<String, Long> evicted) throws IOException {
        long deleted = 0;
        try {
            for (Map.Entry<String, Long> entry : evicted.entrySet()) {
                Files.deleteIfExists(dir.resolve(entry.getKey()));
                deleted += entry.getValue();
            }
        } finally {
            index.deleted(evicted, deleted);
        }
    }

    /** How many lookups found their entry. */
    public long hitCount() {
        return hits.sum();
    }

    /** How many lookups found no entry. */
    public long missCount() {
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
