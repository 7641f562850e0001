package dev.asyncdataset.sample;

import static dev.asyncdataset.sample.PartsTest.utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(120)
class SampleFolderLoadingTest {

    private static final SampleDecoder DECODER = TestSamples.DECODER;

    @TempDir Path root;
    private NDManager trainer;

    @BeforeEach
    void setUp() throws Exception {
        trainer = NDManager.newBaseManager();
        for (Map.Entry<String, byte[]> file : TestSamples.files(10).entrySet()) {
            Files.createDirectories(root.resolve(file.getKey()).getParent());
            write(file.getKey(), file.getValue());
        }
    }

    @AfterEach
    void tearDown() {
        trainer.close();
    }

    @Test
    void batchesHoldTheRecordsTheDecoderGivesForEachSample() throws Exception {
        ItemSource<Sample> source =
                FolderSource.builder().setLocation(root.toString()).buildSamples(DECODER);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder().setSource(source).setSampling(4, false).build();
        int index = 0;
        for (Batch batch : dataset.getData(trainer)) {
            for (int row = 0; row < batch.getSize(); row++, index++) {
                try (NDManager direct = NDManager.newBaseManager()) {
                    Record expected = DECODER.decode(direct, source.fetch(direct, index));
                    assertRow(expected.getData(), batch.getData(), row);
                    assertRow(expected.getLabels(), batch.getLabels(), row);
                }
            }
            batch.close();
        }
        assertEquals(10, index);
    }

    @Test
    void failPolicyEndsTheEpochNamingTheSampleAndItsBadPart() throws Exception {
        write("part1/003.json", utf8("{\"weight\": "));
        ItemSource<Sample> source =
                FolderSource.builder().setLocation(root.toString()).buildSamples(DECODER);
        assertTrue(
                source.describe(6).endsWith("part1/003"),
                "sorted by key: part0's five samples first");
        ConcurrentDataset dataset =
                ConcurrentDataset.builder().setSource(source).setSampling(4, false).build();
        DataLoadingException e =
                assertThrows(
                        DataLoadingException.class, () -> TestSamples.weights(dataset, trainer));
        assertEquals(6, e.getIndex());
        assertTrue(e.getMessage().contains(root.toRealPath().resolve("part1/003").toString()));
        BadItemException cause = (BadItemException) e.getCause();
        assertEquals("part1/003.json", cause.getKey());
        assertTrue(cause.getMessage().contains("unparsable JSON"), cause.getMessage());
    }

    @Test
    void skipPolicyLeavesSamplesWithABadPartOutAndCountsThem() throws Exception {
        Files.delete(root.resolve("part1/001.json"));
        write("part1/003.json", utf8("{weight: 3}"));
        write("part1/005.npy", NumpyFiles.read("int16_2.npy"));
        byte[] jpeg = Files.readAllBytes(root.resolve("part1/007.jpg"));
        write("part1/007.jpg", Arrays.copyOf(jpeg, jpeg.length - 200));
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(
                                FolderSource.builder()
                                        .setLocation(root.toString())
                                        .buildSamples(DECODER))
                        .setSampling(4, false)
                        .optBadItemPolicy(BadItemPolicy.SKIP)
                        .build();
        assertEquals(
                List.of(0f, 2f, 4f, 6f, 8f, 9f),
                TestSamples.weights(dataset, trainer),
                "in key order");
        assertEquals(4, dataset.stats().skippedItems());
    }

    private static void assertRow(NDList expected, NDList batch, int row) {
        assertEquals(expected.size(), batch.size());
        for (int field = 0; field < expected.size(); field++) {
            assertEquals(expected.get(field), batch.get(field).get(row), "field " + field);
        }
    }

    private void write(String path, byte[] bytes) throws Exception {
        Files.write(root.resolve(path), bytes);
    }
}
