package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.ArrayDataset;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Pipeline;
import org.junit.jupiter.api.Test;

/** Which wrapped datasets are in-memory rows, read and stacked inline on one thread. */
class DatasetSourceTest {

    @Test
    void anArrayDatasetReadByItsOwnGetWithoutTransformsIsInMemory() {
        try (NDManager manager = NDManager.newBaseManager()) {
            NDArray rows = manager.zeros(new Shape(8, 2));
            ArrayDataset.Builder plain = new ArrayDataset.Builder().setData(rows);
            assertTrue(new DatasetSource(plain.setSampling(2, false).build()).inMemory());
            ArrayDataset.Builder transformed =
                    new ArrayDataset.Builder().setData(rows).optPipeline(new Pipeline());
            assertFalse(
                    new DatasetSource(transformed.setSampling(2, false).build()).inMemory(),
                    "a data pipeline runs per item, on the decode stage");
            ArrayDataset ownGet =
                    new ArrayDataset(
                            new ArrayDataset.Builder().setData(rows).setSampling(2, false)) {
                        @Override
                        public Record get(NDManager items, long index) {
                            return super.get(items, index);
                        }
                    };
            assertFalse(new DatasetSource(ownGet).inMemory(), "a get of its own may do anything");
        }
    }
}
