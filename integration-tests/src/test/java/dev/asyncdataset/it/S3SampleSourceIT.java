package dev.asyncdataset.it;

import static dev.asyncdataset.testing.SameBatches.assertSameBatches;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.sample.NumpyFiles;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.testing.TestSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code FolderSource.buildSamples} over {@code s3://} against a real S3 server (S3Proxy): samples
 * of a JPEG, an {@code .npy} array written by NumPy, a class and a JSON object, read as {@code
 * FolderSource.buildSamples} on a folder reads the same files in a folder; bad parts, faults and
 * the cache.
 */
class S3SampleSourceIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final int SAMPLES = 12;
    private static final int PARTS = TestSamples.PARTS;
    private static final SampleDecoder DECODER = TestSamples.DECODER;

    @TempDir static Path local;
    private static NDManager trainer;

    @BeforeAll
    static void upload() throws Exception {
        Map<String, byte[]> objects = samples();
        objects.put(".hidden/000.jpg", TestImages.jpeg(8, 8, 1));
        objects.put("part0/.000.jpg", TestImages.jpeg(8, 8, 2));
        objects.put("part0/README", "no dot, no sample".getBytes(UTF_8));
        S3.upload("data", "samples/", objects);
        for (Map.Entry<String, byte[]> object : objects.entrySet()) {
            Path file = local.resolve(object.getKey());
            Files.createDirectories(file.getParent());
            Files.write(file, object.getValue());
        }
        trainer = NDManager.newBaseManager();
    }

    @AfterAll
    static void closeTrainer() {
        trainer.close();
    }

    @BeforeEach
    void noFaults() {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
    }

    /** The samples, by key relative to the prefix; sample {@code i} has weight {@code i}. */
    private static Map<String, byte[]> samples() {
        return TestSamples.files(SAMPLES);
    }

    @Test
    void aPrefixAndAFolderOfTheSameFilesGiveTheSameBatchesInTheSameShuffledOrder()
            throws Exception {
        try (ItemSource<Sample> s3 = S3.sourceBuilder("s3://data/samples").buildSamples(DECODER)) {
            ItemSource<Sample> folder =
                    FolderSource.builder().setLocation(local.toString()).buildSamples(DECODER);
            assertEquals(SAMPLES, s3.size());
            for (long i = 0; i < SAMPLES; i++) {
                assertEquals(
                        ItemKeys.key(folder, i, local), ItemKeys.key(s3, i, "s3://data/samples/"));
            }
            assertEquals("s3://data/samples/part1/001", s3.describe(SAMPLES / 2));
            assertSameBatches(
                    shuffled(folder).getData(trainer).iterator(),
                    shuffled(s3).getData(trainer).iterator());
            assertEquals(SAMPLES * PARTS, S3.faults().getCount());
        }
    }

    /** A loader of {@code source} shuffled with a fixed seed, in batches of 5. */
    static ConcurrentDataset shuffled(ItemSource<?> source) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(5, true, false)
                .optSeed(7)
                .build();
    }

    @Test
    void aBadPartFailsTheEpochNamingTheSampleAndThePart() throws Exception {
        Map<String, byte[]> objects = samples();
        objects.put("part1/003.json", "{\"weight\": ".getBytes(UTF_8));
        S3.upload("data", "fail/", objects);
        try (ItemSource<Sample> s3 = S3.sourceBuilder("s3://data/fail").buildSamples(DECODER)) {
            DataLoadingException e =
                    assertThrows(DataLoadingException.class, () -> weights(inOrder(s3)));
            assertEquals(7, e.getIndex(), "part0's six samples come first");
            assertTrue(e.getMessage().contains("s3://data/fail/part1/003"), e.getMessage());
            BadItemException cause = (BadItemException) e.getCause();
            assertEquals("part1/003.json", cause.getKey());
            assertTrue(cause.getMessage().contains("unparsable JSON"), cause.getMessage());
        }
    }

    @Test
    void skipPolicyLeavesOutSamplesWithABadPartAndCountsThem() throws Exception {
        Map<String, byte[]> objects = samples();
        objects.remove("part1/001.json");
        objects.put("part1/003.json", "{weight: 3}".getBytes(UTF_8));
        objects.put("part1/005.npy", NumpyFiles.read("int16_2.npy"));
        byte[] jpeg = objects.get("part1/007.jpg");
        objects.put("part1/007.jpg", Arrays.copyOf(jpeg, jpeg.length - 200));
        objects.put("part0/008.pad.bin", new byte[64 << 10]);
        S3.upload("data", "skip/", objects);
        try (ItemSource<Sample> s3 =
                S3.sourceBuilder("s3://data/skip")
                        .optStore(S3.storeOptions().optMaxObjectBytes(32 << 10).build())
                        .buildSamples(DECODER)) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(s3)
                            .setSampling(4, false, false)
                            .optBadItemPolicy(BadItemPolicy.SKIP)
                            .build();
            assertEquals(List.of(0f, 2f, 4f, 6f, 10f, 9f, 11f), weights(dataset), "in key order");
            assertEquals(5, dataset.stats().skippedItems());
            BadItemException tooLarge =
                    assertThrows(BadItemException.class, () -> s3.fetch(trainer, 4));
            assertEquals("s3://data/skip/part0/008.pad.bin", tooLarge.getKey());
            assertTrue(tooLarge.getMessage().contains("object too large"), tooLarge.getMessage());
        }
    }

    @Test
    void partsAreRetriedUnderFaultsAndEverySampleIsDeliveredOnce() throws Exception {
        Fault[] faults = {Fault.SLOW_DOWN, Fault.TRUNCATE, Fault.RESET, Fault.CORRUPT, Fault.NONE};
        S3.faults()
                .setPolicy(
                        (key, attempt) ->
                                attempt > 1
                                        ? Fault.NONE
                                        : faults[Math.floorMod(key.hashCode(), faults.length)]);
        try (ItemSource<Sample> s3 =
                S3.sourceBuilderThroughResetProxy("s3://data/samples").buildSamples(DECODER)) {
            List<Float> expected = new ArrayList<>();
            for (long i = 0; i < SAMPLES; i++) {
                String key = ItemKeys.key(s3, i, "s3://data/samples/");
                expected.add(Float.parseFloat(key.substring("part0/".length())));
            }
            assertEquals(expected, weights(inOrder(s3)));
            long injected = S3.faults().injectedFaults();
            for (Fault fault : Arrays.copyOf(faults, faults.length - 1)) {
                assertTrue(S3.faults().injectedCount(fault) > 0, "no " + fault + " injected");
            }
            assertEquals(injected, s3.stats().retries());
            assertEquals(S3.faults().injectedCount(Fault.CORRUPT), s3.stats().integrityFailures());
            assertEquals(SAMPLES * PARTS + injected, S3.faults().getCount());
        }
    }

    /**
     * Each GET of sample 0's parts is held at the server until all of them have come: read one
     * after the other, the first would time out here and, with one attempt, fail the sample.
     */
    @Test
    void theLooseObjectsOfASampleAreReadAtOnce() throws Exception {
        CountDownLatch allAsked = new CountDownLatch(PARTS);
        S3.faults()
                .setPolicy(
                        (key, attempt) -> {
                            allAsked.countDown();
                            return awaitQuietly(allAsked, 5) ? Fault.NONE : Fault.INTERNAL_ERROR;
                        });
        try (ItemSource<Sample> s3 =
                S3.sourceBuilder("s3://data/samples")
                        .optStore(S3.storeOptions().optMaxAttempts(1).build())
                        .buildSamples(DECODER)) {
            assertEquals(Set.of("cls", "jpg", "json", "npy"), s3.fetch(trainer, 0).partNames());
            assertEquals(0, S3.faults().injectedFaults());
        }
    }

    /**
     * A sample's part whose GET fails for good fails its fetch while another of its parts is still
     * held at the server, which is released only once the fetch has failed: read in turn, or waited
     * for, the held part would end by its own timeout first. The failing part is answered only once
     * the held one has reached the server, so the fetch cannot fail before there is a part to wait
     * for.
     */
    @Test
    void theFirstPartToFailEndsTheFetchWithoutWaitingForTheOthers() throws Exception {
        S3.upload("data", "stop/", Map.of("0.cls", new byte[] {'1'}, "0.npy", new byte[1 << 10]));
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch failed = new CountDownLatch(1);
        CompletableFuture<Boolean> heldUntilFailed = new CompletableFuture<>();
        S3.faults()
                .setPolicy(
                        (key, attempt) -> {
                            if (key.equals("stop/0.cls")) {
                                held.countDown();
                                heldUntilFailed.complete(awaitQuietly(failed, 20));
                            } else if (key.equals("stop/0.npy")) {
                                awaitQuietly(held, 20);
                                return Fault.INTERNAL_ERROR;
                            }
                            return Fault.NONE;
                        });
        try (ItemSource<Sample> s3 =
                S3.sourceBuilder("s3://data/stop")
                        .optStore(
                                S3.storeOptions()
                                        .optMaxAttempts(1)
                                        .optFirstByteTimeout(Duration.ofSeconds(60))
                                        .build())
                        .buildSamples(DECODER)) {
            BadItemException e = assertThrows(BadItemException.class, () -> s3.fetch(trainer, 0));
            failed.countDown();
            assertEquals("s3://data/stop/0.npy", e.getKey());
            assertTrue(
                    heldUntilFailed.get(30, TimeUnit.SECONDS),
                    "the fetch waited for the held part");
        }
    }

    private static boolean awaitQuietly(CountDownLatch latch, long seconds) {
        try {
            return latch.await(seconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void aSecondEpochIsServedFromTheCache(@TempDir Path cache) throws Exception {
        try (ItemSource<Sample> s3 =
                S3.sourceBuilder("s3://data/samples")
                        .optCache(cache, 16L << 20)
                        .buildSamples(DECODER)) {
            ConcurrentDataset dataset = inOrder(s3);
            assertEquals(SAMPLES, SourceEpoch.drain(dataset, trainer));
            assertEquals(SAMPLES * PARTS, S3.faults().getCount());
            assertEquals(SAMPLES, SourceEpoch.drain(dataset, trainer));
            assertEquals(SAMPLES * PARTS, S3.faults().getCount(), "the second epoch made GETs");
            assertEquals(SAMPLES * PARTS, s3.stats().cacheHits());
            assertEquals(SAMPLES * PARTS, s3.stats().cacheMisses());
        }
    }

    private static ConcurrentDataset inOrder(ItemSource<?> source) {
        return ConcurrentDataset.builder().setSource(source).setSampling(4, false, false).build();
    }

    private static List<Float> weights(ConcurrentDataset dataset) throws Exception {
        return TestSamples.weights(dataset, trainer);
    }
}
