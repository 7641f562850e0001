package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.testing.TestImages;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The recipes inside the real loader: per-item uint8 augmentation, per-batch normalization. */
class RecipesInLoaderTest {

    private static final int ITEMS = 12;
    private static final int BATCH = 4;
    private static final int SIZE = 32;

    @Test
    void trainingRecipeYieldsNormalizedNchwBatchesIdenticalWhateverTheThreads() throws Exception {
        byte[] oneThread = epoch(1, 1);
        byte[] twoThreads = epoch(2, 16);
        assertArrayEquals(oneThread, twoThreads);
    }

    private static byte[] epoch(int decodeThreads, int fetchers) throws Exception {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .setSource(new JpegSource())
                        .setSampling(BATCH, false)
                        .optPipeline(ImageRecipes.training(SIZE))
                        .optDevicePipeline(new Pipeline(ImageRecipes.deviceNormalize()))
                        .optSeed(9)
                        .optDecodeThreads(decodeThreads)
                        .optFetchers(fetchers)
                        .build();
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(manager)) {
                try (batch) {
                    NDArray data = batch.getData().head();
                    assertEquals(new Shape(BATCH, 3, SIZE, SIZE), data.getShape());
                    assertEquals(DataType.FLOAT32, data.getDataType());
                    all.write(data.toByteArray());
                }
            }
        }
        return all.toByteArray();
    }

    /** Item i is a noise JPEG of its own size, labelled i. */
    private static final class JpegSource implements ItemSource<byte[]> {

        @Override
        public long size() {
            return ITEMS;
        }

        @Override
        public byte[] fetch(NDManager manager, long index) {
            Random random = new Random(index);
            int width = 48 + random.nextInt(40);
            int height = 40 + random.nextInt(40);
            BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    image.setRGB(x, y, random.nextInt(1 << 24));
                }
            }
            return TestImages.jpeg(image);
        }

        @Override
        public Record decode(NDManager manager, long index, byte[] jpeg) throws BadItemException {
            NDArray pixels = ImageDecoder.decode(manager, ByteBuffer.wrap(jpeg), "item-" + index);
            return new Record(new NDList(pixels), new NDList(manager.create((float) index)));
        }
    }
}
