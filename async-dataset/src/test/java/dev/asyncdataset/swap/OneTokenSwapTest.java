package dev.asyncdataset.swap;

import static dev.asyncdataset.testing.SameBatches.assertSameBatches;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.RandomAccessDataset;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.ConcurrentDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * User code outside the library's package: {@code new ArrayDataset.Builder()} becomes {@code new
 * ConcurrentDatasetBuilder()} and gives the same batches.
 */
@Timeout(120)
class OneTokenSwapTest {

    @Test
    void setDataAppliesThePipelineToTheWholeBatchAsArrayDatasetDoes() throws Exception {
        try (NDManager manager = NDManager.newBaseManager(Device.cpu())) {
            NDArray x = manager.arange(64f).reshape(16, 4);
            Pipeline centre = new Pipeline(a -> a.sub(a.mean()));
            RandomAccessDataset djl =
                    new ArrayDataset.Builder()
                            .setData(x)
                            .setSampling(4, false)
                            .optPipeline(centre)
                            .build();
            RandomAccessDataset ours =
                    ConcurrentDataset.builder()
                            .setData(x)
                            .setSampling(4, false)
                            .optPipeline(centre)
                            .build();
            assertSameBatches(djl.getData(manager).iterator(), ours.getData(manager).iterator());
        }
    }
}
