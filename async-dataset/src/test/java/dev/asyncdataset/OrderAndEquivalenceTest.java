package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.util.RandomUtils;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(120)
class OrderAndEquivalenceTest extends CpuManagerTest {

    @ParameterizedTest(name = "fetchers={0}, workers={1}")
    @CsvSource({"1, 1", "4, 2", "64, 4", "256, 8", "AUTO, 1", "AUTO, 4"})
    void yieldsTheSameBatchesAsArrayDataset(String fetchers, int workers) throws Exception {
        NDArray data = manager.randomUniform(0, 1, new Shape(203, 5, 4));
        NDArray labels = manager.arange(203f);
        RandomUtils.RANDOM.setSeed(42);
        Iterator<Batch> expected =
                new ArrayDataset.Builder()
                        .setData(data)
                        .optLabels(labels)
                        .setSampling(16, true)
                        .build()
                        .getData(manager)
                        .iterator();
        RandomUtils.RANDOM.setSeed(42);
        ConcurrentDatasetBuilder builder =
                ConcurrentDataset.builder()
                        .setData(data)
                        .optLabels(labels)
                        .setSampling(16, true)
                        .optPrefetchNumber(workers);
        if (fetchers.equals("AUTO")) {
            builder.optAutoFetchers(256);
        } else {
            builder.optFetchers(Integer.parseInt(fetchers));
        }
        Iterator<Batch> actual = builder.build().getData(manager).iterator();
        int batches = 0;
        while (expected.hasNext()) {
            assertTrue(actual.hasNext(), "fewer batches than ArrayDataset");
            try (Batch want = expected.next();
                    Batch got = actual.next()) {
                assertEquals(want.getIndices(), got.getIndices(), "batch " + batches);
                assertEquals(want.getData().head(), got.getData().head());
                assertEquals(want.getLabels().head(), got.getLabels().head());
            }
            batches++;
        }
        assertFalse(actual.hasNext(), "more batches than ArrayDataset");
        assertEquals(13, batches);
    }

    @Test
    void deliversBatchesInSamplerOrderWhateverTheCompletionOrder() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new TestSources.ReverseCompletion(24))
                        .setSampling(4, false)
                        .optFetchers(24)
                        .optPrefetchNumber(6)
                        .optStagingDepth(6)
                        .build();
        List<Long> seen = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            float[] firstColumn = batch.getData().head().get(":, 0").toFloatArray();
            for (int i = 0; i < firstColumn.length; i++) {
                assertEquals(batch.getIndices().get(i), (long) firstColumn[i]);
                seen.add((Long) batch.getIndices().get(i));
            }
            batch.close();
        }
        assertEquals(LongStream.range(0, 24).boxed().toList(), seen);
    }

    @Test
    void setsProgressTotalAndIndicesAsDjlDoes() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setData(manager.arange(10f))
                        .setSampling(4, false)
                        .build();
        List<Long> progress = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            progress.add(batch.getProgress());
            assertEquals(10, batch.getProgressTotal());
            assertEquals(batch.getSize(), batch.getIndices().size());
            batch.close();
        }
        assertEquals(List.of(4L, 8L, 10L), progress);
    }

    @Test
    void deliversBatchesOnTheTargetDeviceSoThatSplitCopiesNothing() throws Exception {
        Device device = manager.getDevice();
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setData(manager.ones(new Shape(8, 2)))
                        .optLabels(manager.zeros(new Shape(8)))
                        .setSampling(4, false)
                        .build();
        for (Batch batch : dataset.getData(manager)) {
            assertEquals(device, batch.getManager().getDevice());
            assertEquals(device, batch.getData().head().getDevice());
            assertEquals(device, batch.getLabels().head().getDevice());
            Batch[] split = batch.split(new Device[] {device}, false);
            assertSame(batch.getData().head(), split[0].getData().head());
            batch.close();
        }
    }

    @Test
    void convertsUint8ImagesOnTheDeviceWithTheDevicePipeline() throws Exception {
        NDArray images = manager.arange(0f, 48f).toType(DataType.UINT8, false).reshape(4, 2, 2, 3);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setData(images)
                        .setSampling(2, false)
                        .optDevicePipeline(
                                new ai.djl.translate.Pipeline(
                                        array -> array.toType(DataType.FLOAT32, false).div(255f)))
                        .build();
        for (Batch batch : dataset.getData(manager)) {
            NDArray head = batch.getData().head();
            assertEquals(DataType.FLOAT32, head.getDataType());
            assertTrue(head.max().getFloat() <= 1f);
            batch.close();
        }
    }

    @Test
    void readsAWrappedDatasetWithItsOwnGet() throws Exception {
        RandomAccessDataset slow = new TestSources.SlowDataset(6, 1, 3);
        ConcurrentDataset dataset =
                ConcurrentDataset.builder().setDataset(slow).setSampling(3, false).build();
        List<Batch> batches = collect(dataset);
        assertEquals(2, batches.size());
        assertEquals(5f, batches.get(1).getLabels().head().getFloat(2));
        assertFalse(batches.get(0).getData().isEmpty());
        batches.forEach(Batch::close);
    }

    private List<Batch> collect(RandomAccessDataset dataset) throws Exception {
        List<Batch> batches = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            batches.add(batch);
        }
        return batches;
    }
}
