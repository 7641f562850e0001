package dev.asyncdataset.internal.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DiskCacheTest {

    @TempDir Path dir;

    @Test
    void storesUnderHashedNamesAndCountsHitsAndMisses() throws Exception {
        DiskCache cache = new DiskCache(dir, 1000);
        assertNull(cache.get("../../etc/passwd"));
        cache.put("../../etc/passwd", new byte[] {1, 2, 3});
        assertArrayEquals(new byte[] {1, 2, 3}, cache.get("../../etc/passwd"));
        assertEquals(1, cache.hitCount());
        assertEquals(1, cache.missCount());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(
                    List.of(dir.resolve(DiskCache.fileName("../../etc/passwd"))), files.toList());
        }
        assertTrue(DiskCache.fileName("k").matches("[0-9a-f]{64}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/etc/passwd", "s3://b/../../../x", "a\u0000b", "..", "~/.ssh/id_rsa"})
    void hostileKeysStayInsideTheCacheDirectory(String key) throws Exception {
        Path cacheDir = dir.resolve("cache");
        DiskCache cache = new DiskCache(cacheDir, 1 << 20);
        cache.put(key, new byte[] {7});
        cache.put("k".repeat(10_000), new byte[] {8});
        assertArrayEquals(new byte[] {7}, cache.get(key));
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> written = files.filter(Files::isRegularFile).toList();
            assertEquals(2, written.size(), written.toString());
            written.forEach(file -> assertEquals(cacheDir, file.getParent()));
        }
    }

    @Test
    void aRemovedEntryIsGoneAndItsBytesFreed() throws Exception {
        DiskCache cache = new DiskCache(dir, 200);
        cache.put("a", new byte[150]);
        cache.remove("a");
        cache.remove("never-put");
        assertNull(cache.get("a"));
        cache.put("b", new byte[150]);
        assertEquals(150, cache.get("b").length);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(dir.resolve(DiskCache.fileName("b"))), files.toList());
        }
    }

    @Test
    void evictsLeastRecentlyUsed() throws Exception {
        DiskCache cache = new DiskCache(dir, 300);
        cache.put("a", new byte[100]);
        cache.put("b", new byte[100]);
        cache.put("c", new byte[100]);
        cache.get("a");
        cache.put("d", new byte[100]);
        assertNull(cache.get("b"));
        assertEquals(100, cache.get("a").length);
        assertEquals(100, cache.get("c").length);
        assertEquals(100, cache.get("d").length);
        cache.put("too-big", new byte[301]);
        assertNull(cache.get("too-big"));
    }

    @Test
    void reopeningKeepsEntriesAndDropsTemporaryFiles() throws Exception {
        new DiskCache(dir, 1000).put("kept", new byte[] {9});
        Path leftover = dir.resolve(DiskCache.fileName("x") + "123.tmp");
        Files.write(leftover, new byte[50]);
        Path foreign = Files.writeString(dir.resolve("README"), "not ours");
        DiskCache reopened = new DiskCache(dir, 1000);
        assertArrayEquals(new byte[] {9}, reopened.get("kept"));
        assertTrue(Files.notExists(leftover));
        assertTrue(Files.exists(foreign));
    }

    @Test
    void boundHoldsUnderConcurrentWritersAndNoTemporaryFileRemains() throws Exception {
        long bound = 20_000;
        DiskCache cache = new DiskCache(dir, bound);
        AtomicBoolean writing = new AtomicBoolean(true);
        List<Long> samples = new ArrayList<>();
        Thread watcher =
                Thread.ofPlatform()
                        .start(
                                () -> {
                                    while (writing.get()) {
                                        samples.add(directoryBytes());
                                    }
                                });
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService writers = Executors.newFixedThreadPool(16)) {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < 16; w++) {
                int writer = w;
                done.add(
                        writers.submit(
                                () -> {
                                    start.await();
                                    for (int i = 0; i < 100; i++) {
                                        String key = "k" + ((writer * 37 + i) % 150);
                                        if (cache.get(key) == null) {
                                            cache.put(
                                                    key,
                                                    new byte[2_000 + (writer + i) % 7 * 1_000]);
                                        }
                                    }
                                    return null;
                                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            writing.set(false);
            watcher.join();
        }
        assertTrue(
                samples.stream().allMatch(bytes -> bytes <= bound),
                "max " + samples.stream().max(Long::compare));
        assertTrue(directoryBytes() > bound / 2);
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(files.allMatch(p -> p.getFileName().toString().matches("[0-9a-f]{64}")));
        }
    }

    private long directoryBytes() {
        try (Stream<Path> files = Files.list(dir)) {
            return files.mapToLong(DiskCacheTest::sizeOrZero).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long sizeOrZero(Path file) {
        try {
            return Files.size(file);
        } catch (IOException deletedMeanwhile) {
            return 0;
        }
    }
}
