package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.folder.FolderSource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code deviceNormalize()} on a CPU device, each batch's uint8 rows are normalized into a
 * recycled float block as it is staged: the batches equal, bit for bit, those the device pipeline
 * makes of the per-item path's uint8 batches, and the blocks are reused, not allocated per batch: a
 * pool that kept a block per batch would hold the 30 batches of six epochs, far above the bound of
 * those that can be in flight at once.
 */
class NormalizedRowsTest {

    private static final int BATCH = 8;
    private static final int WORKERS = 2;
    private static final int STAGING = 1;

    @Test
    @Timeout(300)
    void normalizedRowsAreBitEqualToTheDevicePipelinesBatches(@TempDir Path root) throws Exception {
        RecycledBuffersTest.writeImages(root);
        for (Pipeline recipe :
                List.of(ImageRecipes.training(40), ImageRecipes.evaluation(48, 40))) {
            ConcurrentDataset perItem = dataset(root, recipe, false);
            ConcurrentDataset fused = dataset(root, recipe, true);
            assertEquals(epochs(perItem, 2), epochs(fused, 2));
            assertEquals("per-item", perItem.stats().bufferPath());
            assertEquals("recycled-normalized", fused.stats().bufferPath());
        }
    }

    @Test
    @Timeout(300)
    void theBlocksHeldStayWithinTheBatchesThatCanBeInFlight(@TempDir Path root) throws Exception {
        RecycledBuffersTest.writeImages(root);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(FolderSource.builder().setLocation(root.toString()).build())
                        .setSampling(BATCH, true)
                        .optPipeline(ImageRecipes.training(40))
                        .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                        .optBadItemPolicy(BadItemPolicy.SKIP)
                        .optPrefetchNumber(WORKERS)
                        .optStagingDepth(STAGING)
                        .optSeed(11)
                        .build();
        long uint8Block = BATCH * (3L * 40 * 40 + Long.BYTES);
        long floatBlock = BATCH * (3L * 40 * 40 * Float.BYTES + Long.BYTES);
        // loose: auto fetchers may keep more batches (uint8 blocks) in flight than the workers;
        // StagedFloatBlocksTest bounds the float blocks by the hand-over slots
        long bound = (WORKERS + 1) * uint8Block + (WORKERS + STAGING + 2) * floatBlock;
        for (int epoch = 0; epoch < 6; epoch++) {
            epochs(dataset, 1);
            long held = dataset.stats().hostBytesHeld();
            assertTrue(
                    held >= floatBlock, "no float block held after epoch " + epoch + ": " + held);
            assertTrue(held <= bound, "epoch " + epoch + ": " + held + " bytes held > " + bound);
        }
    }

    private static ConcurrentDataset dataset(Path root, Pipeline recipe, boolean recycle)
            throws Exception {
        return ConcurrentDataset.builder()
                .setSource(FolderSource.builder().setLocation(root.toString()).build())
                .setSampling(BATCH, true)
                .optPipeline(recipe)
                .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                .optBadItemPolicy(BadItemPolicy.SKIP)
                .optSeed(11)
                .optRecycleBuffers(recycle)
                .build();
    }

    /** Every batch of {@code count} epochs: shape, type and the bytes of data and labels. */
    private static List<String> epochs(ConcurrentDataset dataset, int count) throws Exception {
        List<String> batches = new ArrayList<>();
        try (NDManager trainer = NDManager.newBaseManager()) {
            for (int epoch = 0; epoch < count; epoch++) {
                for (Batch batch : dataset.getData(trainer)) {
                    try (batch) {
                        Shape shape = batch.getData().head().getShape();
                        DataType type = batch.getData().head().getDataType();
                        List<byte[]> fields = RecycledBuffersTest.contents(batch);
                        batches.add(
                                shape
                                        + " "
                                        + type
                                        + Arrays.toString(fields.get(0))
                                        + Arrays.toString(fields.get(1)));
                    }
                }
            }
        }
        return batches;
    }
}
