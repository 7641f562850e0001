package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.BaseNDManager;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.ForwardingImages;
import dev.asyncdataset.testing.TestImages;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Native arrays per batch: O(1) on the recycled path (one per field), O(items) on the per-item
 * path. Counted exactly: every array created in, or attached to, the managers the loader gives a
 * batch and its items is counted as the engine registers it with that manager.
 */
class NativeAllocationsTest {

    @Test
    @Timeout(300)
    void recycledBatchesCreateTwoArraysWhateverTheBatchSize(@TempDir Path root) throws Exception {
        TestImages.write(root, TestImages.classFolders(2, 16, 40, 30));
        assertEquals(2.0, arraysPerBatch(root, 4, true));
        assertEquals(2.0, arraysPerBatch(root, 16, true));
        assertTrue(arraysPerBatch(root, 4, false) >= 3 * 4, "per-item path not counted");
        assertTrue(arraysPerBatch(root, 16, false) >= 3 * 16, "per-item path not counted");
    }

    @Test
    @Timeout(300)
    void normalizedBatchesOnTheCpuCreateOnlyTheirTwoArrays(@TempDir Path root) throws Exception {
        TestImages.write(root, TestImages.classFolders(2, 16, 40, 30));
        Pipeline normalize = new Pipeline(ImageRecipes.deviceNormalize());
        assertEquals(2.0, arraysPerBatch(root, 16, true, normalize));
        assertTrue(
                arraysPerBatch(root, 16, false, normalize) >= 3 * 16 + 2,
                "the device pipeline's arrays not counted");
    }

    private static double arraysPerBatch(Path root, int batchSize, boolean recycle)
            throws Exception {
        return arraysPerBatch(root, batchSize, recycle, null);
    }

    private static double arraysPerBatch(
            Path root, int batchSize, boolean recycle, Pipeline devicePipeline) throws Exception {
        CountingSource source =
                new CountingSource(FolderSource.builder().setLocation(root.toString()).build());
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(batchSize, true)
                        .optPipeline(ImageRecipes.training(24))
                        .optSeed(5)
                        .optRecycleBuffers(recycle)
                        .optDevicePipeline(devicePipeline)
                        .build();
        long batches = 0;
        try (NDManager trainer = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(trainer)) {
                batch.close();
                batches++;
            }
        }
        return (double) source.arrays.get() / batches;
    }

    /**
     * An image folder that makes the managers of each item and of its batch count the arrays
     * registered with them (DJL registers every array with its manager's resource map).
     */
    private static final class CountingSource extends ForwardingImages {

        private final AtomicLong arrays = new AtomicLong();

        CountingSource(LabeledImageSource folder) {
            super(folder);
        }

        @Override
        public ByteBuffer fetch(NDManager manager, long index) throws Exception {
            count(manager);
            count(manager.getParentManager());
            return super.fetch(manager, index);
        }

        /** Swaps the manager's resource map for a counting copy, once; its attach locks it. */
        private void count(NDManager manager) {
            synchronized (manager) {
                try {
                    Field field = BaseNDManager.class.getDeclaredField("resources");
                    field.setAccessible(true);
                    Object resources = field.get(manager);
                    if (!(resources instanceof CountingMap)) {
                        @SuppressWarnings("unchecked")
                        ConcurrentHashMap<String, AutoCloseable> old =
                                (ConcurrentHashMap<String, AutoCloseable>) resources;
                        field.set(manager, new CountingMap(old, arrays));
                    }
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    /** A manager's resources, counting the arrays put into it. */
    private static final class CountingMap extends ConcurrentHashMap<String, AutoCloseable> {

        private static final long serialVersionUID = 1L;
        private final transient AtomicLong arrays;

        CountingMap(ConcurrentHashMap<String, AutoCloseable> existing, AtomicLong arrays) {
            super(existing);
            this.arrays = arrays;
        }

        @Override
        public AutoCloseable put(String key, AutoCloseable value) {
            if (value instanceof NDArray) {
                arrays.incrementAndGet();
            }
            return super.put(key, value);
        }
    }
}
