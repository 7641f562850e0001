package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code FolderSource} over {@code s3://} against a real S3 server (S3Proxy): listing, labels,
 * pixels, faults, cache.
 */
class S3SourceIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final String URL = "s3://data/train";
    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(3, 10, 96, 64);

    @TempDir static Path local;

    @BeforeAll
    static void upload() throws Exception {
        Map<String, byte[]> objects = new LinkedHashMap<>(IMAGES);
        objects.put("class1/nested/deep.jpg", TestImages.jpeg(8, 8, 1));
        objects.put("class1/readme.txt", new byte[] {1});
        objects.put(".hidden/x.jpg", TestImages.jpeg(8, 8, 2));
        objects.put("top-level.jpg", TestImages.jpeg(8, 8, 3));
        S3.upload("data", "train/", objects);
        TestImages.write(local, IMAGES);
    }

    @BeforeEach
    void noFaults() {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
    }

    @Test
    void listsLikeTheLocalFolderAndDeliversEveryItemOnceWithTheSamePixels() throws Exception {
        try (LabeledImageSource s3 = S3.sourceBuilder(URL).build();
                NDManager manager = NDManager.newBaseManager()) {
            LabeledImageSource folder =
                    FolderSource.builder().setLocation(local.toString()).build();
            assertEquals(folder.getClasses(), s3.getClasses());
            assertEquals(IMAGES.size(), s3.size());
            Map<String, Long> localIndex = new HashMap<>();
            for (long i = 0; i < folder.size(); i++) {
                localIndex.put(ItemKeys.key(folder, i, local), i);
            }
            List<Record> records = SourceEpoch.all(s3, manager);
            for (long i = 0; i < s3.size(); i++) {
                String relative = ItemKeys.key(s3, i, URL + "/");
                long twin = localIndex.remove(relative);
                Record expected = folder.decode(manager, twin, folder.fetch(manager, twin));
                Record actual = records.get((int) i);
                assertEquals(expected.getData().head(), actual.getData().head(), relative);
                assertEquals(expected.getLabels().head(), actual.getLabels().head(), relative);
                assertEquals(
                        s3.getClasses().indexOf(relative.split("/")[0]),
                        actual.getLabels().head().getLong());
            }
            assertTrue(localIndex.isEmpty(), "items missing from S3: " + localIndex.keySet());
            assertEquals(IMAGES.size(), S3.faults().getCount());
        }
    }

    @Test
    void readsManifestsFromAnObjectOrALocalFile(@TempDir Path dir) throws Exception {
        S3.upload(
                "data",
                "",
                Map.of(
                        "manifests/train.csv",
                        "key,label\nclass2/img1.jpg,7\nclass0/img3.jpg,2\n".getBytes()));
        Path jsonl =
                Files.writeString(
                        dir.resolve("train.jsonl"),
                        "{\"key\": \"class2/img1.jpg\", \"label\": \"zebra\"}\n"
                                + "{\"key\": \"class0/img3.jpg\", \"label\": \"ant\"}\n");
        try (LabeledImageSource csv =
                        S3.sourceBuilder(URL).optManifest("s3://data/manifests/train.csv").build();
                LabeledImageSource json =
                        S3.sourceBuilder(URL).optManifest(jsonl.toString()).build();
                NDManager manager = NDManager.newBaseManager()) {
            assertEquals("train/class2/img1.jpg", ItemKeys.key(csv, 0, "s3://data/"));
            assertEquals(7L, SourceEpoch.one(csv, manager, 0).getLabels().head().getLong());
            assertEquals(List.of("ant", "zebra"), json.getClasses());
            Record record = SourceEpoch.one(json, manager, 1);
            assertEquals(0L, record.getLabels().head().getLong());
            assertArrayEquals(
                    IMAGES.get("class0/img3.jpg"),
                    SourceEpoch.fetch(json, manager, List.of(1L)).get(0));
        } catch (Throwable e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void badObjectsFailWithTheirKey(@TempDir Path dir) throws Throwable {
        S3.upload(
                "bad",
                "",
                Map.of("c/empty.jpg", new byte[0], "c/text.jpg", "not an image at all".getBytes()));
        Path manifest =
                Files.writeString(
                        dir.resolve("m.csv"), "c/empty.jpg,0\nc/text.jpg,0\nc/missing.jpg,0\n");
        assertEveryItemIsBad(S3.sourceBuilder("s3://bad").optManifest(manifest.toString()).build());
    }

    @Test
    void truncatedJpegFailsWithItsKey() throws Throwable {
        byte[] jpeg = IMAGES.get("class0/img0.jpg");
        S3.upload("truncated", "", Map.of("c/truncated.jpg", Arrays.copyOf(jpeg, jpeg.length / 3)));
        assertEveryItemIsBad(S3.sourceBuilder("s3://truncated").build());
    }

    private static void assertEveryItemIsBad(LabeledImageSource source) throws Exception {
        try (LabeledImageSource s3 = source;
                NDManager manager = NDManager.newBaseManager()) {
            for (long i = 0; i < s3.size(); i++) {
                long index = i;
                BadItemException e =
                        assertThrows(
                                BadItemException.class,
                                () -> SourceEpoch.one(s3, manager, index),
                                s3.describe(i));
                assertEquals(s3.describe(i), e.getKey());
                assertTrue(e.getMessage().startsWith(s3.describe(i)), e.getMessage());
            }
            assertEquals(0, s3.stats().retries());
        }
    }

    @Test
    void slowDownsTruncatedBodiesAndResetConnectionsAreRetriedAndCounted() throws Exception {
        Fault[] faults = {Fault.SLOW_DOWN, Fault.TRUNCATE, Fault.RESET, Fault.NONE};
        S3.faults()
                .setPolicy(
                        (key, attempt) ->
                                attempt > 1
                                        ? Fault.NONE
                                        : faults[Math.floorMod(key.hashCode(), 4)]);
        try (LabeledImageSource s3 = S3.sourceBuilderThroughResetProxy(URL).build();
                NDManager manager = NDManager.newBaseManager()) {
            List<Record> records = SourceEpoch.all(s3, manager);
            assertEquals(IMAGES.size(), records.size());
            assertEquals(S3.faults().injectedCount(Fault.RESET), S3.resets());
            long injected = 0;
            for (Fault fault : List.of(Fault.SLOW_DOWN, Fault.TRUNCATE, Fault.RESET)) {
                long count = S3.faults().injectedCount(fault);
                assertTrue(count > 0, "no " + fault + " injected");
                injected += count;
            }
            assertEquals(injected, s3.stats().retries());
            assertEquals(IMAGES.size() + injected, S3.faults().getCount());
        }
    }

    @Test
    void bitFlippedBodiesAreRetriedAndCountedAndPassOnlyWithChecksumsOff() throws Exception {
        S3.faults().setPolicy((key, attempt) -> attempt == 1 ? Fault.CORRUPT : Fault.NONE);
        try (LabeledImageSource s3 = S3.sourceBuilder(URL).build();
                NDManager manager = NDManager.newBaseManager()) {
            List<byte[]> bytes = SourceEpoch.fetch(s3, manager, allIndices(s3));
            for (int i = 0; i < bytes.size(); i++) {
                assertArrayEquals(
                        IMAGES.get(ItemKeys.key(s3, i, URL + "/")), bytes.get(i), s3.describe(i));
            }
            assertEquals(IMAGES.size(), S3.faults().injectedCount(Fault.CORRUPT));
            assertEquals(IMAGES.size(), s3.stats().integrityFailures());
            assertEquals(IMAGES.size(), s3.stats().retries());
        }
        S3.faults().setPolicy((key, attempt) -> Fault.CORRUPT);
        try (LabeledImageSource unchecked =
                        S3.sourceBuilder(URL)
                                .optStore(
                                        S3.storeOptions()
                                                .optS3(
                                                        S3.s3Options()
                                                                .optVerifyChecksums(false)
                                                                .build())
                                                .build())
                                .build();
                NDManager manager = NDManager.newBaseManager()) {
            List<byte[]> bytes = SourceEpoch.fetch(unchecked, manager, allIndices(unchecked));
            for (int i = 0; i < bytes.size(); i++) {
                byte[] stored = IMAGES.get(ItemKeys.key(unchecked, i, URL + "/"));
                assertFalse(Arrays.equals(stored, bytes.get(i)), "not corrupted: " + i);
            }
            assertEquals(0, unchecked.stats().integrityFailures());
        }
    }

    private static List<Long> allIndices(LabeledImageSource s3) {
        List<Long> indices = new ArrayList<>();
        for (long i = 0; i < s3.size(); i++) {
            indices.add(i);
        }
        return indices;
    }

    /** The defaults ride out 25% of every attempt failing, with no attempt cap to raise. */
    @Test
    void aQuarterOfAllAttemptsFailingIsRiddenOutWithTheDefaults() throws Exception {
        S3.faults()
                .setPolicy(
                        new RandomFaults(25, Integer.MAX_VALUE)
                                .rate(Fault.SLOW_DOWN, 0.15)
                                .rate(Fault.INTERNAL_ERROR, 0.10));
        try (LabeledImageSource s3 = S3.sourceBuilder(URL).build();
                NDManager manager = NDManager.newBaseManager()) {
            List<byte[]> bytes = SourceEpoch.fetch(s3, manager, allIndices(s3));
            for (int i = 0; i < bytes.size(); i++) {
                assertArrayEquals(
                        IMAGES.get(ItemKeys.key(s3, i, URL + "/")), bytes.get(i), s3.describe(i));
            }
            long injected = S3.faults().injectedFaults();
            System.out.printf(
                    "25%% faults: %d of %d GETs failed%n", injected, S3.faults().getCount());
            assertTrue(injected > IMAGES.size() / 8, "only " + injected + " faults");
            assertEquals(injected, s3.stats().retries());
        }
    }

    @Test
    void stalledRequestsTimeOutAndAreRetried() throws Throwable {
        S3.faults().setPolicy((key, attempt) -> attempt == 1 ? Fault.STALL : Fault.NONE);
        try (LabeledImageSource s3 =
                        S3.sourceBuilder(URL)
                                .optStore(
                                        S3.storeOptions()
                                                .optFirstByteTimeout(Duration.ofSeconds(1))
                                                .build())
                                .build();
                NDManager manager = NDManager.newBaseManager()) {
            long start = System.nanoTime();
            SourceEpoch.one(s3, manager, 0);
            assertTrue(
                    System.nanoTime() - start < FaultInjectingBlobStore.STALL_MILLIS * 1_000_000,
                    "waited out the stall");
            assertEquals(1, s3.stats().retries());
            assertEquals(1, S3.faults().injectedCount(Fault.STALL));
        }
    }

    @Test
    void persistentFailureGivesUpAfterMaxAttempts() throws Exception {
        S3.faults().setPolicy((key, attempt) -> Fault.SLOW_DOWN);
        BadItemException e = giveUp(3);
        assertTrue(e.getMessage().contains("after 3 attempts"), e.getMessage());
        assertTrue(e.getMessage().contains("503"), e.getMessage());
        assertEquals(3, S3.faults().getCount());
    }

    @Test
    void aSingleAttemptIsReportedInTheSingular() throws Exception {
        S3.faults().setPolicy((key, attempt) -> Fault.INTERNAL_ERROR);
        BadItemException e = giveUp(1);
        assertTrue(e.getMessage().contains("still failing after 1 attempt in "), e.getMessage());
    }

    /** Fetches item 0 with {@code attempts} attempts, expecting it to fail every one of them. */
    private static BadItemException giveUp(int attempts) throws Exception {
        try (LabeledImageSource s3 =
                        S3.sourceBuilder(URL)
                                .optStore(S3.storeOptions().optMaxAttempts(attempts).build())
                                .build();
                NDManager manager = NDManager.newBaseManager()) {
            BadItemException e = assertThrows(BadItemException.class, () -> s3.fetch(manager, 0));
            assertEquals(s3.describe(0), e.getKey());
            assertEquals(attempts - 1, s3.stats().retries());
            return e;
        }
    }

    @Test
    void secondEpochIsServedFromTheBoundedCache(@TempDir Path cacheDir) throws Exception {
        // each entry keeps the object's ETag and a CRC besides its bytes
        long bound = IMAGES.values().stream().mapToLong(b -> b.length + 64L).sum();
        try (LabeledImageSource s3 = S3.sourceBuilder(URL).optCache(cacheDir, bound).build();
                NDManager manager = NDManager.newBaseManager()) {
            SourceEpoch.all(s3, manager);
            assertEquals(IMAGES.size(), S3.faults().getCount());
            List<Record> second = SourceEpoch.all(s3, manager);
            assertEquals(IMAGES.size(), second.size());
            assertEquals(
                    IMAGES.size(), S3.faults().getCount(), "the second epoch made GET requests");
            assertEquals(IMAGES.size(), s3.stats().cacheHits());
            assertEquals(IMAGES.size(), s3.stats().cacheMisses());
            assertTrue(directoryBytes(cacheDir) <= bound);
        }
    }

    @Test
    void smallCacheStaysWithinItsBound(@TempDir Path cacheDir) throws Exception {
        long bound = IMAGES.values().stream().mapToLong(b -> b.length).sum() / 3;
        try (LabeledImageSource s3 = S3.sourceBuilder(URL).optCache(cacheDir, bound).build();
                NDManager manager = NDManager.newBaseManager()) {
            for (int epoch = 0; epoch < 2; epoch++) {
                SourceEpoch.all(s3, manager);
                long cached = directoryBytes(cacheDir);
                String state = "epoch " + epoch + ": " + cached + " bytes cached, bound " + bound;
                assertTrue(cached <= bound, state);
                assertTrue(cached > bound / 2, state);
            }
        }
    }

    @Test
    void credentialsNeverAppearInErrors() throws Exception {
        String secret = "super-secret-value-123";
        Exception e;
        try (LabeledImageSource s3 =
                S3.sourceBuilder(URL)
                        .optStore(
                                StoreOptions.builder()
                                        .optS3(
                                                S3.s3Options()
                                                        .optCredentials("it-access-key", secret)
                                                        .build())
                                        .optMaxAttempts(1)
                                        .build())
                        .build()) {
            e = assertThrows(Exception.class, () -> s3.prepare(null));
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            assertFalse(String.valueOf(t.getMessage()).contains(secret), t.toString());
        }
        assertFalse(S3.sourceBuilder(URL).toString().contains(secret));
    }

    @Test
    void sourcesFetchOnTheLibrarysSharedThreadsAndStartNoPoolsOfTheSdk() throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        try (LabeledImageSource first = S3.sourceBuilder(URL).build();
                LabeledImageSource second = S3.sourceBuilder(URL).build();
                NDManager manager = NDManager.newBaseManager()) {
            assertEquals(
                    IMAGES.size(), SourceEpoch.fetch(first, manager, allIndices(first)).size());
            assertEquals(
                    IMAGES.size(), SourceEpoch.fetch(second, manager, allIndices(second)).size());
            List<String> started =
                    Thread.getAllStackTraces().keySet().stream()
                            .filter(t -> !before.contains(t))
                            .map(Thread::getName)
                            .toList();
            assertEquals(
                    List.of(),
                    started.stream().filter(name -> name.startsWith("sdk-")).toList(),
                    "threads of the SDK's own pools");
            List<String> loop =
                    Thread.getAllStackTraces().keySet().stream()
                            .map(Thread::getName)
                            .filter(name -> name.matches("async-dataset-s3-\\d+"))
                            .toList();
            assertTrue(
                    loop.size() <= Runtime.getRuntime().availableProcessors(),
                    "event-loop threads of all sources so far: " + loop);
        }
    }

    private static long directoryBytes(Path dir) throws Exception {
        try (var files = Files.list(dir)) {
            return files.mapToLong(p -> p.toFile().length()).sum();
        }
    }
}
