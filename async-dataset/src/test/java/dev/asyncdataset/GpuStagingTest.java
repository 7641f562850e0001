package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ai.djl.Device;
import ai.djl.engine.Engine;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import ai.djl.util.cuda.CudaUtils;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GPU path, on a machine with a CUDA GPU and the {@code cuda} build ({@code -Pcuda}; {@code
 * examples/bench/gpu-check.sh} runs these): batches staged on the GPU, {@code deviceNormalize()}
 * there against the CPU, host buffers recycled and device memory flat. Skipped, saying why,
 * elsewhere.
 */
@Tag("gpu")
@Timeout(600)
class GpuStagingTest {

    private static final int BATCH = 16;
    private static final int SIZE = 64;

    /**
     * How far the device memory in use may rise over two epochs of 16 batches: CUDA and PyTorch's
     * caching allocator take memory in blocks of 2 MiB and more, so a few blocks, while one float
     * batch (786 KB) kept per batch would add 25 MB.
     */
    private static final long FLAT_BYTES = 8L << 20;

    @TempDir Path images;

    @BeforeEach
    void needsAGpu() throws Exception {
        assumeTrue(
                Engine.getInstance().getGpuCount() > 0,
                "no CUDA GPU visible to the PyTorch engine (a GPU machine, built with -Pcuda,"
                        + " runs these: examples/bench/gpu-check.sh)");
        TestImages.write(images, TestImages.classFolders(4, 64, 96, 80));
    }

    @Test
    void batchesAreStagedOnTheGpuWithTheCpusBytes() throws Exception {
        List<byte[]> onCpu = uint8Batches(Device.cpu());
        List<byte[]> onGpu = uint8Batches(Device.gpu());
        assertEquals(onCpu.size(), onGpu.size());
        for (int i = 0; i < onCpu.size(); i++) {
            assertArrayEquals(onCpu.get(i), onGpu.get(i), "batch " + i);
        }
    }

    @Test
    void deviceNormalizeOnTheGpuEqualsTheCpuWithinOneUlp() {
        byte[] pixels = new byte[BATCH * SIZE * SIZE * 3];
        new SplittableRandom(3).nextBytes(pixels);
        Shape shape = new Shape(BATCH, SIZE, SIZE, 3);
        try (NDManager cpu = NDManager.newBaseManager(Device.cpu());
                NDManager gpu = NDManager.newBaseManager(Device.gpu())) {
            NDArray hostBatch = cpu.create(ByteBuffer.wrap(pixels), shape, DataType.UINT8);
            float[] expected = ImageRecipes.deviceNormalize().transform(hostBatch).toFloatArray();
            NDArray deviceBatch = hostBatch.toDevice(Device.gpu(), true);
            deviceBatch.attach(gpu);
            NDArray normalized = ImageRecipes.deviceNormalize().transform(deviceBatch);
            assertEquals(Device.gpu(), normalized.getDevice());
            float[] actual = normalized.toFloatArray();
            assertEquals(expected.length, actual.length);
            for (int i = 0; i < expected.length; i++) {
                float ulp = Math.ulp(expected[i]);
                assertTrue(
                        Math.abs(expected[i] - actual[i]) <= ulp,
                        "value " + i + ": " + actual[i] + " against " + expected[i]);
            }
        }
    }

    @Test
    void noHostBufferIsAllocatedPerBatchAfterWarmUp() throws Exception {
        ConcurrentDataset dataset = normalizing(Device.gpu());
        try (NDManager trainer = NDManager.newBaseManager(Device.gpu())) {
            drain(dataset, trainer, null);
            long afterWarmUp = dataset.stats().hostBytesHeld();
            assertTrue(afterWarmUp > 0, "no recycled host buffer: " + dataset.stats());
            for (int epoch = 0; epoch < 3; epoch++) {
                drain(dataset, trainer, null);
                assertEquals(afterWarmUp, dataset.stats().hostBytesHeld(), "epoch " + epoch);
            }
        }
    }

    @Test
    void deviceMemoryTheLoaderHoldsStaysFlatOverAnEpoch() throws Exception {
        ConcurrentDataset dataset = normalizing(Device.gpu());
        try (NDManager trainer = NDManager.newBaseManager(Device.gpu())) {
            drain(dataset, trainer, null);
            List<Long> used = new ArrayList<>();
            drain(dataset, trainer, used);
            drain(dataset, trainer, used);
            long first = used.get(0);
            long highest = used.stream().mapToLong(Long::longValue).max().orElseThrow();
            assertTrue(
                    highest - first <= FLAT_BYTES,
                    "GPU memory rose by " + (highest - first) + " bytes over two epochs: " + used);
        }
    }

    /** Every batch of one epoch of uint8 rows staged on {@code device}, as bytes. */
    private List<byte[]> uint8Batches(Device device) throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(FolderSource.builder().setLocation(images.toString()).build())
                        .setSampling(BATCH, false)
                        .optPipeline(ImageRecipes.training(SIZE))
                        .optSeed(9)
                        .optDevice(device)
                        .build();
        List<byte[]> batches = new ArrayList<>();
        try (NDManager trainer = NDManager.newBaseManager(device)) {
            for (Batch batch : dataset.getData(trainer)) {
                try (batch) {
                    assertEquals(device, batch.getData().head().getDevice());
                    assertEquals(device, batch.getLabels().head().getDevice());
                    batches.add(batch.getData().head().toByteArray());
                }
            }
        }
        return batches;
    }

    private ConcurrentDataset normalizing(Device device) throws Exception {
        return ConcurrentDataset.builder()
                .setSource(FolderSource.builder().setLocation(images.toString()).build())
                .setSampling(BATCH, true)
                .optPipeline(ImageRecipes.training(SIZE))
                .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                .optSeed(9)
                .optDevice(device)
                .build();
    }

    /**
     * One epoch, each batch closed; adds the GPU memory in use after each batch to {@code used}.
     */
    private static void drain(ConcurrentDataset dataset, NDManager trainer, List<Long> used)
            throws Exception {
        for (Batch batch : dataset.getData(trainer)) {
            batch.close();
            if (used != null) {
                used.add(CudaUtils.getGpuMemory(Device.gpu()).getCommitted());
            }
        }
    }
}
