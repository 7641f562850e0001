package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.modality.cv.BufferedImageFactory;
import ai.djl.modality.cv.ImageFactory;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recycled path gives the per-item path's batches bit for bit, and a batch the trainer keeps
 * open is never overwritten by the batches that reuse the pool after it.
 */
class RecycledBuffersTest {

    private static final int BATCH = 8;

    @Test
    @Timeout(300)
    void recycledBatchesAreBitEqualToPerItemBatchesWithTheSameSeed(@TempDir Path root)
            throws Exception {
        writeImages(root);
        for (Pipeline recipe :
                List.of(ImageRecipes.training(40), ImageRecipes.evaluation(48, 40))) {
            assertEquals(epochs(root, recipe, false), epochs(root, recipe, true));
        }
    }

    @Test
    @Timeout(300)
    void recycledBatchesEqualPerItemBatchesWithoutOpenCv(@TempDir Path root) throws Exception {
        writeImages(root);
        ImageFactory previous = ImageFactory.getInstance();
        ImageFactory.setImageFactory(new BufferedImageFactory());
        try {
            Pipeline recipe = ImageRecipes.training(40);
            assertEquals(epochs(root, recipe, false), epochs(root, recipe, true));
        } finally {
            ImageFactory.setImageFactory(previous);
        }
    }

    @Test
    @Timeout(300)
    void aBatchKeptOpenNeverChangesWhileLaterBatchesReuseThePool(@TempDir Path root)
            throws Exception {
        writeImages(root);
        ConcurrentDataset dataset = dataset(root, ImageRecipes.training(40), true);
        try (NDManager trainer = NDManager.newBaseManager()) {
            List<Batch> kept = new ArrayList<>();
            List<List<byte[]>> atDelivery = new ArrayList<>();
            for (int epoch = 0; epoch < 3; epoch++) {
                for (Batch batch : dataset.getData(trainer)) {
                    if (kept.isEmpty()) {
                        kept.add(batch);
                        atDelivery.add(contents(batch));
                    } else {
                        batch.close();
                    }
                }
            }
            assertEquals("recycled", dataset.stats().bufferPath());
            assertArrayEquals(atDelivery.getFirst().get(0), contents(kept.getFirst()).get(0));
            assertArrayEquals(atDelivery.getFirst().get(1), contents(kept.getFirst()).get(1));
            kept.getFirst().close();
        }
    }

    /** Two sizes, several classes, and one undecodable file skipped (rows are compacted). */
    static void writeImages(Path root) throws Exception {
        TestImages.write(root, TestImages.classFolders(3, 9, 71, 53));
        TestImages.write(root.resolve("class1"), TestImages.classFolders(1, 5, 45, 90));
        Files.write(root.resolve("class2/broken.jpg"), new byte[] {(byte) 0xFF, (byte) 0xD8, 1});
    }

    static ConcurrentDataset dataset(Path root, Pipeline recipe, boolean recycle) throws Exception {
        return ConcurrentDataset.builder()
                .setSource(FolderSource.builder().setLocation(root.toString()).build())
                .setSampling(BATCH, true)
                .optPipeline(recipe)
                .optBadItemPolicy(BadItemPolicy.SKIP)
                .optSeed(11)
                .optRecycleBuffers(recycle)
                .build();
    }

    /** Every batch of two epochs, data bytes and labels, as strings that compare by content. */
    private static List<String> epochs(Path root, Pipeline recipe, boolean recycle)
            throws Exception {
        ConcurrentDataset dataset = dataset(root, recipe, recycle);
        List<String> batches = new ArrayList<>();
        try (NDManager trainer = NDManager.newBaseManager()) {
            for (int epoch = 0; epoch < 2; epoch++) {
                for (Batch batch : dataset.getData(trainer)) {
                    try (batch) {
                        List<byte[]> fields = contents(batch);
                        batches.add(
                                batch.getData().head().getShape()
                                        + Arrays.toString(fields.get(0))
                                        + Arrays.toString(fields.get(1)));
                    }
                }
            }
        }
        assertEquals(recycle ? "recycled" : "per-item", dataset.stats().bufferPath());
        assertTrue(dataset.stats().skippedItems() > 0, "no item was skipped");
        return batches;
    }

    static List<byte[]> contents(Batch batch) {
        return List.of(
                batch.getData().head().toByteArray(), batch.getLabels().head().toByteArray());
    }
}
