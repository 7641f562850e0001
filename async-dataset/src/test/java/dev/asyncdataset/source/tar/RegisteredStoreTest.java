package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.testing.MemoryStore;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.testing.TestShards;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A store a user registers for a scheme of their own is one {@link ObjectStore} and one call to
 * {@link Stores#register}: its shards, listed or named by a pattern, read as the folder's do, and a
 * list, stat or open that never answers is cut by the library's timeouts.
 */
class RegisteredStoreTest {

    private static final Map<String, byte[]> OBJECTS = new TreeMap<>();
    private static final AtomicInteger OPENED = new AtomicInteger();
    private static final AtomicInteger HANGING = new AtomicInteger();

    @TempDir static Path images;
    @TempDir static Path shards;

    @BeforeAll
    static void writeShardsAndRegisterTheScheme() throws Exception {
        TestShards.write(images, shards, 3, 6);
        try (Stream<Path> files = Files.list(shards)) {
            for (Path file : files.toList()) {
                OBJECTS.put("mem://data/" + file.getFileName(), Files.readAllBytes(file));
            }
        }
        Stores.register(
                "mem",
                settings -> {
                    OPENED.incrementAndGet();
                    return new MemoryStore(OBJECTS);
                });
        for (String call : List.of("list", "stat", "open")) {
            Stores.register("hang-" + call, settings -> new HangingStore(call));
        }
    }

    @Test
    void listedAndNamedShardsOfARegisteredSchemeReadAsTheFoldersDo() throws Exception {
        for (String url : List.of("mem://data/", "mem://data/shard-{000000..000001}.tar")) {
            try (TarImages folder =
                            (TarImages)
                                    TarShardSource.builder()
                                            .setLocation(shards.toString())
                                            .build();
                    TarImages mem = (TarImages) TarShardSource.builder().setLocation(url).build()) {
                assertEquals(folder.getClasses(), mem.getClasses());
                long size = url.endsWith("/") ? folder.size() : mem.size();
                assertTrue(size > 0, url);
                for (long i = 0; i < size; i++) {
                    assertArrayEquals(
                            TestImages.bytes(folder.fetch(null, i)),
                            TestImages.bytes(mem.fetch(null, i)),
                            url + " " + i);
                    assertEquals(folder.label(i), mem.label(i));
                }
            }
        }
        assertEquals(2, OPENED.get());
    }

    @Test
    void builtInAndTakenSchemesCannotBeRegistered() {
        assertThrows(
                IllegalArgumentException.class,
                () -> Stores.register("s3", settings -> new MemoryStore(OBJECTS)));
        assertThrows(
                IllegalArgumentException.class,
                () -> Stores.register("mem", settings -> new MemoryStore(OBJECTS)));
        assertThrows(
                IllegalArgumentException.class,
                () -> Stores.register("not a scheme", settings -> new MemoryStore(OBJECTS)));
    }

    @Test
    void aSchemeNoStoreIsRegisteredForIsNamedInTheError() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                TarShardSource.builder()
                                        .setLocation("nowhere://x/s-{0..1}.tar")
                                        .build());
        assertTrue(e.getMessage().contains("no store for scheme nowhere"), e.getMessage());
    }

    @Test
    void aStoreHangingInListStatOrOpenIsCutByTheTimeoutsAndGivenUpWithinTheBudget() {
        StoreOptions quick =
                StoreOptions.builder()
                        .optConnectTimeout(Duration.ofMillis(100))
                        .optFirstByteTimeout(Duration.ofMillis(200))
                        .optRequestTimeout(Duration.ofMillis(500))
                        .optRetryBudget(Duration.ofSeconds(1))
                        .build();
        for (String url :
                List.of(
                        "hang-list://data/",
                        "hang-stat://data/shard-000000.tar",
                        "hang-open://data/")) {
            HANGING.set(0);
            long start = System.nanoTime();
            Exception e =
                    assertTimeoutPreemptively(
                            Duration.ofSeconds(20),
                            () ->
                                    assertThrows(
                                            Exception.class, () -> openAndFetch(url, quick), url),
                            url);
            System.out.printf(
                    "%s: given up after %d ms, %d calls%n",
                    url, (System.nanoTime() - start) / 1_000_000, HANGING.get());
            assertTrue(HANGING.get() > 1, url + ": retried, " + HANGING.get() + " calls");
            assertTrue(causes(e).contains("no answer within"), url + ": " + causes(e));
        }
    }

    private static void openAndFetch(String url, StoreOptions options) throws Exception {
        try (TarImages source =
                (TarImages) TarShardSource.builder().setLocation(url).optStore(options).build()) {
            source.fetch(null, 0);
        }
    }

    private static String causes(Throwable e) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            text.append(t).append('\n');
        }
        return text.toString();
    }

    /** The memory store, but one of list, stat or open waits until it is interrupted. */
    private static final class HangingStore implements ObjectStore {

        private final MemoryStore objects = new MemoryStore(OBJECTS);
        private final String hangs;

        HangingStore(String hangs) {
            this.hangs = hangs;
        }

        private void hangIf(String call, String url) throws IOException {
            if (call.equals(hangs)) {
                HANGING.incrementAndGet();
                try {
                    new CountDownLatch(1).await();
                } catch (InterruptedException e) {
                    throw new InterruptedIOException(call + " " + url);
                }
            }
        }

        private static String mem(String url) {
            return "mem" + url.substring(url.indexOf("://"));
        }

        @Override
        public List<StoredObject> list(String prefix) throws IOException {
            hangIf("list", prefix);
            if (hangs.equals("stat")) {
                throw new UnsupportedOperationException("no listing");
            }
            return objects.list(mem(prefix)).stream()
                    .map(o -> new StoredObject(prefix + o.url().substring(11), o.length(), "v1"))
                    .toList();
        }

        @Override
        public StoredObject stat(String url) throws IOException {
            hangIf("stat", url);
            StoredObject o = objects.stat(mem(url));
            return o == null ? null : new StoredObject(url, o.length(), o.identity());
        }

        @Override
        public StoredBody open(String url, long offset, long length) throws IOException {
            hangIf("open", url);
            return objects.open(mem(url), offset, length);
        }

        @Override
        public void close() {}
    }
}
