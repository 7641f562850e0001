package dev.asyncdataset;

import static dev.asyncdataset.testing.SameBatches.assertSameBatches;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import ai.djl.basicdataset.cv.classification.ImageFolder;
import ai.djl.modality.cv.transform.RandomResizedCrop;
import ai.djl.modality.cv.transform.Resize;
import ai.djl.modality.cv.transform.ToTensor;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import ai.djl.util.RandomUtils;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** DJL's own transforms in the loader: applied as DJL's loader does, and reproducible. */
@Timeout(120)
class DjlTransformsTest extends CpuManagerTest {

    @TempDir Path root;

    @Test
    void wrappedImageFolderKeepsItsTransformsAsInDjlsLoader() throws Exception {
        TestImages.write(root, TestImages.classFolders(2, 3, 22, 20));
        TestImages.write(root, TestImages.classFolders(1, 2, 24, 24));
        ImageFolder folder =
                ImageFolder.builder()
                        .setRepositoryPath(root)
                        .addTransform(new Resize(16, 16))
                        .addTransform(new ToTensor())
                        .setSampling(4, false)
                        .build();
        folder.prepare();
        ConcurrentDataset ours =
                ConcurrentDataset.builder().setDataset(folder).setSampling(4, false).build();
        assertSameBatches(folder.getData(manager).iterator(), ours.getData(manager).iterator());
    }

    @Test
    void djlsRandomTransformsDependOnlyOnTheSeed() throws Exception {
        RandomUtils.RANDOM.setSeed(1);
        List<float[]> first = epoch();
        RandomUtils.RANDOM.setSeed(2);
        List<float[]> second = epoch();
        for (int i = 0; i < first.size(); i++) {
            assertArrayEquals(first.get(i), second.get(i), "batch " + i);
        }
    }

    private List<float[]> epoch() throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new Images(64))
                        .addTransform(new RandomResizedCrop(4, 4))
                        .setSampling(8, false)
                        .optSeed(5)
                        .optDecodeThreads(2)
                        .build();
        List<float[]> batches = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            batches.add(batch.getData().head().toFloatArray());
            batch.close();
        }
        return batches;
    }

    /** Item i is an 8x8x3 float image of distinct values. */
    private record Images(long size) implements ItemSource<Long> {
        @Override
        public Long fetch(NDManager manager, long index) {
            return index;
        }

        @Override
        public Record decode(NDManager manager, long index, Long value) {
            return new Record(
                    new NDList(manager.arange(192f).reshape(8, 8, 3).add(index)),
                    new NDList(manager.create((float) index)));
        }
    }
}
