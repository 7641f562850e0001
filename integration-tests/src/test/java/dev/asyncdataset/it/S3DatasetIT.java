package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code FolderSource} over {@code s3://} behind {@link ConcurrentDataset}: whole epochs, faults
 * and bad items.
 */
class S3DatasetIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(3, 20, 48, 32);

    /** Pixel fingerprint of each image (decoded from a local copy) to its label. */
    private static final Map<Integer, Long> EXPECTED = new HashMap<>();

    @BeforeAll
    static void upload(@TempDir Path local) throws Exception {
        S3.upload("dataset", "train/", IMAGES);
        TestImages.write(local, IMAGES);
        LabeledImageSource folder = FolderSource.builder().setLocation(local.toString()).build();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (long i = 0; i < folder.size(); i++) {
                var record = folder.decode(manager, i, folder.fetch(manager, i));
                EXPECTED.put(
                        fingerprint(record.getData().head()), record.getLabels().head().getLong());
            }
        }
        assertEquals(IMAGES.size(), EXPECTED.size(), "fingerprints must be distinct");
    }

    @BeforeEach
    void noFaults() {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
    }

    @Test
    void everyItemOnceEveryEpochWithItsLabelDespiteSlowDowns() throws Exception {
        S3.faults()
                .setPolicy(
                        (key, attempt) ->
                                attempt == 1 && key.hashCode() % 3 == 0
                                        ? Fault.SLOW_DOWN
                                        : Fault.NONE);
        try (LabeledImageSource s3 = S3.sourceBuilder("s3://dataset/train").build();
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(s3)
                            .setSampling(8, true)
                            .optFetchers(16)
                            .optSeed(7)
                            .build();
            long lastEpochStart = 0;
            for (int epoch = 0; epoch < 2; epoch++) {
                lastEpochStart = s3.stats().retries();
                Map<Integer, Long> seen = new HashMap<>();
                for (Batch batch : dataset.getData(manager)) {
                    for (int j = 0; j < batch.getSize(); j++) {
                        long label = batch.getLabels().head().get(j).getLong();
                        Long before = seen.put(fingerprint(batch.getData().head().get(j)), label);
                        assertEquals(null, before, "item delivered twice in epoch " + epoch);
                    }
                    batch.close();
                }
                assertEquals(EXPECTED, seen, "epoch " + epoch);
            }
            long injected = S3.faults().injectedCount(Fault.SLOW_DOWN);
            assertTrue(injected > 0);
            assertEquals(injected, s3.stats().retries());
            assertEquals(
                    injected - lastEpochStart,
                    dataset.stats().sourceStats().retries(),
                    "the stats count the last epoch's retries only");
        }
    }

    @Test
    void badItemsFailTheEpochByDefaultAndAreSkippedAndCountedOnRequest(@TempDir Path dir)
            throws Exception {
        byte[] jpeg = IMAGES.get("class0/img0.jpg");
        S3.upload(
                "dataset",
                "bad/",
                Map.of(
                        "empty.jpg",
                        new byte[0],
                        "text.jpg",
                        "no image".getBytes(),
                        "truncated.jpg",
                        Arrays.copyOf(jpeg, jpeg.length / 2)));
        Path manifest =
                Files.writeString(
                        dir.resolve("m.csv"),
                        "train/class0/img0.jpg,0\n"
                                + "bad/empty.jpg,0\n"
                                + "train/class1/img1.jpg,1\n"
                                + "bad/text.jpg,1\n"
                                + "bad/missing.jpg,2\n"
                                + "train/class2/img2.jpg,2\n"
                                + "bad/truncated.jpg,0\n"
                                + "train/class2/img3.jpg,2\n");
        try (LabeledImageSource s3 =
                        S3.sourceBuilder("s3://dataset").optManifest(manifest.toString()).build();
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset failing =
                    ConcurrentDataset.builder().setSource(s3).setSampling(2, false).build();
            DataLoadingException e =
                    assertThrows(
                            DataLoadingException.class, () -> SourceEpoch.drain(failing, manager));
            assertInstanceOf(BadItemException.class, e.getCause());
            assertTrue(e.getMessage().contains("s3://dataset/bad/"), e.getMessage());

            ConcurrentDataset skipping =
                    ConcurrentDataset.builder()
                            .setSource(s3)
                            .setSampling(2, false)
                            .optBadItemPolicy(BadItemPolicy.SKIP)
                            .build();
            assertEquals(4, SourceEpoch.drain(skipping, manager));
            assertEquals(4, skipping.stats().skippedItems());
        }
    }

    private static int fingerprint(NDArray image) {
        return Arrays.hashCode(image.toByteArray());
    }
}
