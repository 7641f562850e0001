package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.Pipeline;
import ai.djl.util.RandomUtils;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(120)
class ArrayGatherTest extends CpuManagerTest {

    /** An {@code ArrayDataset} that counts the batches read with {@code getByIndices}. */
    private static final class CountedGathers extends ArrayDataset {

        final AtomicInteger gathers = new AtomicInteger();

        CountedGathers(ArrayDataset.Builder builder) {
            super(builder);
        }

        @Override
        public Batch getByIndices(NDManager manager, long... indices) {
            gathers.incrementAndGet();
            return super.getByIndices(manager, indices);
        }
    }

    @ParameterizedTest(name = "{0} items, data pipeline {1}")
    @CsvSource({"1, false", "16, false", "203, false", "203, true"})
    void aWrappedArrayDatasetIsReadOneGatherPerBatchWithDjlsBatches(int items, boolean transformed)
            throws Exception {
        NDArray data = manager.randomUniform(0, 1, new Shape(items, 3, 2));
        NDArray labels = manager.arange((float) items);
        RandomUtils.RANDOM.setSeed(42);
        Iterator<Batch> expected = arrays(data, labels, transformed).getData(manager).iterator();
        RandomUtils.RANDOM.setSeed(42);
        CountedGathers wrapped = arrays(data, labels, transformed);
        RandomAccessDataset dataset =
                ConcurrentDataset.builder().setDataset(wrapped).setSampling(16, true).build();
        Iterator<Batch> actual = dataset.getData(manager).iterator();
        int batches = 0;
        while (expected.hasNext()) {
            assertTrue(actual.hasNext(), "fewer batches than DJL's loader");
            try (Batch want = expected.next();
                    Batch got = actual.next()) {
                assertEquals(want.getIndices(), got.getIndices(), "batch " + batches);
                assertEquals(want.getData().head(), got.getData().head(), "batch " + batches);
                assertEquals(want.getLabels().head(), got.getLabels().head(), "batch " + batches);
            }
            batches++;
        }
        assertFalse(actual.hasNext(), "more batches than DJL's loader");
        assertEquals((items + 15) / 16, batches);
        assertEquals(batches, wrapped.gathers.get(), "getByIndices calls");
    }

    /** Rows of {@code data}, with a data pipeline that DJL's loader runs on each batch. */
    private static CountedGathers arrays(NDArray data, NDArray labels, boolean transformed) {
        ArrayDataset.Builder builder =
                new ArrayDataset.Builder().setData(data).optLabels(labels).setSampling(16, true);
        if (transformed) {
            builder.optPipeline(new Pipeline(array -> array.transpose(0, 2, 1).mul(2)));
        }
        return new CountedGathers(builder);
    }
}
