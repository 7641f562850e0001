package dev.asyncdataset;

import static dev.asyncdataset.testing.SameBatches.assertSameBatches;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.StackBatchifier;
import ai.djl.util.RandomUtils;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Splits of a ConcurrentDataset keep its loader and options, with DJL's choice of items. */
@Timeout(120)
class SplitTest extends CpuManagerTest {

    @Test
    void randomSplitKeepsTheLoaderAndArrayDatasetsItems() throws Exception {
        NDArray data = manager.randomUniform(0, 1, new Shape(50, 3));
        NDArray labels = manager.arange(50f);
        // DJL's per-item loader (a batchifier other than Batchifier.STACK): DJL 0.29's bulk path
        // over an ArrayDataset split hands out rows other than the split's own get(i)
        ArrayDataset djl =
                new ArrayDataset.Builder()
                        .setData(data)
                        .optLabels(labels)
                        .setSampling(4, false)
                        .optDataBatchifier(new StackBatchifier())
                        .optLabelBatchifier(new StackBatchifier())
                        .build();
        ConcurrentDataset ours =
                ConcurrentDataset.builder()
                        .setData(data)
                        .optLabels(labels)
                        .setSampling(4, false)
                        .build();
        RandomUtils.RANDOM.setSeed(7);
        RandomAccessDataset[] want = djl.randomSplit(4, 1);
        RandomUtils.RANDOM.setSeed(7);
        RandomAccessDataset[] got = ours.randomSplit(4, 1);
        for (int i = 0; i < want.length; i++) {
            assertInstanceOf(ConcurrentDataset.class, got[i]);
            assertEquals(want[i].size(), got[i].size());
            assertSameBatches(
                    want[i].getData(manager).iterator(), got[i].getData(manager).iterator());
        }
        assertSameBatches(
                djl.subDataset(List.of(9L, 3L, 27L)).getData(manager).iterator(),
                ours.subDataset(List.of(9L, 3L, 27L)).getData(manager).iterator());
    }

    @Test
    void aSplitReadsTheItemsOfABatchConcurrently() throws Exception {
        TestSources.SlowDataset slow = new TestSources.SlowDataset(64, 20, 16);
        ConcurrentDataset whole =
                ConcurrentDataset.builder()
                        .setDataset(slow)
                        .setSampling(16, false)
                        .optFetchers(16)
                        .optPrefetchNumber(1)
                        .build();
        RandomAccessDataset split = whole.subDataset(0, 32);
        split.getData(manager).forEach(batch -> batch.close());
        // DJL's SubDataset reads through DJL's loader, one get at a time
        assertEquals(32, split.size());
        assertTrue(slow.maxConcurrent() > 1, "gets at once: " + slow.maxConcurrent());
    }
}
