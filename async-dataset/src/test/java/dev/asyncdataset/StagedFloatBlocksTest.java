package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.ForwardingImages;
import dev.asyncdataset.testing.Poll;
import dev.asyncdataset.testing.TestImages;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With {@code deviceNormalize()} on a CPU device, a batch takes a float block only once it holds a
 * hand-over slot: while one batch is late and every later batch of the window is done and waits,
 * the float blocks the dataset allocates stay within the staging depth (the trainer here closes
 * each batch before it asks for the next, so no slot is lent). Generated: the late batch at every
 * position with a whole window after it, each staging depth, in sampler order and first done.
 */
class StagedFloatBlocksTest {

    private static final int BATCH = 4;
    private static final int WINDOW = 6;
    private static final int BATCHES = 10;
    private static final int SIZE = 40;
    private static final long UINT8_BLOCK = BATCH * (3L * SIZE * SIZE + Long.BYTES);
    private static final long FLOAT_BLOCK = BATCH * (3L * SIZE * SIZE * Float.BYTES + Long.BYTES);

    @TempDir static Path root;

    @BeforeAll
    static void writeImages() throws Exception {
        TestImages.write(root, TestImages.classFolders(2, BATCHES * BATCH / 2, 64, 48));
    }

    static Stream<Arguments> lateBatches() {
        return IntStream.rangeClosed(0, BATCHES - WINDOW)
                .boxed()
                .flatMap(late -> Stream.of(1, 2).map(depth -> new int[] {late, depth}))
                .flatMap(c -> Stream.of(true, false).map(in -> Arguments.of(c[0], c[1], in)));
    }

    @ParameterizedTest(name = "late batch {0}, staging depth {1}, in order {2}")
    @MethodSource("lateBatches")
    @Timeout(120)
    void floatBlocksStayWithinTheStagingDepthWhileLaterBatchesWait(
            int late, int depth, boolean inOrder) throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(
                                new LateBatch(
                                        FolderSource.builder().setLocation(root.toString()).build(),
                                        late))
                        .setSampling(BATCH, false)
                        .optPipeline(ImageRecipes.training(SIZE))
                        .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                        .optPrefetchNumber(WINDOW)
                        .optFetchers(WINDOW * BATCH)
                        .optStagingDepth(depth)
                        .optInOrder(inOrder)
                        .optSeed(3)
                        .build();
        int batches = 0;
        try (NDManager trainer = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(trainer)) {
                batch.close();
                batches++;
            }
        }
        assertEquals(BATCHES, batches);
        assertEquals("recycled-normalized", dataset.stats().bufferPath());
        long floats = floatBlocks(dataset.stats().hostBytesHeld());
        assertTrue(
                floats >= 1 && floats <= depth, floats + " float blocks, staging depth " + depth);
    }

    /**
     * The float blocks among {@code held} bytes of whole uint8 and float blocks. A uint8 block is 8
     * x 601 x BATCH bytes and a float block 8 x 2401 x BATCH, so the first count of float blocks
     * that leaves whole uint8 blocks is the only one below 601.
     */
    private static long floatBlocks(long held) {
        for (long floats = 0; floats * FLOAT_BLOCK <= held; floats++) {
            if ((held - floats * FLOAT_BLOCK) % UINT8_BLOCK == 0) {
                return floats;
            }
        }
        throw new AssertionError(held + " bytes held are not whole blocks");
    }

    /**
     * Images whose batch {@code late} (sampled in order) is fetched only once every item of the
     * window's later batches was decoded: those batches are done before it.
     */
    private static final class LateBatch extends ForwardingImages {

        private final long late;
        private final CountDownLatch laterDecoded = new CountDownLatch((WINDOW - 1) * BATCH);

        LateBatch(LabeledImageSource images, long late) {
            super(images);
            this.late = late;
        }

        @Override
        public ByteBuffer fetch(NDManager manager, long index) throws Exception {
            if (index / BATCH == late
                    && !laterDecoded.await(Poll.LIMIT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException("the batches after batch " + late + " not decoded");
            }
            return super.fetch(manager, index);
        }

        @Override
        public void release(long index, ByteBuffer fetched) {
            super.release(index, fetched);
            long batch = index / BATCH;
            if (batch > late && batch < late + WINDOW) {
                laterDecoded.countDown();
            }
        }
    }
}
