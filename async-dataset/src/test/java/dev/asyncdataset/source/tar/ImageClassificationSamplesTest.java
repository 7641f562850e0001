package dev.asyncdataset.source.tar;

import static dev.asyncdataset.testing.SameBatches.assertSameBatches;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.ImageRecipes;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.testing.TestShards;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Image-classification shards read as samples with {@link SampleDecoder#imageClassification} give
 * the batches {@link TarShardSource} gives with the training recipe, the one per item and the other
 * in recycled rows.
 */
class ImageClassificationSamplesTest {

    @TempDir Path images;
    @TempDir Path shards;

    @Test
    void samplesDecodedAsImageClassesBatchAsTheImageShardSourceDoes() throws Exception {
        TestShards.write(images, shards, 3, 6);
        SampleDecoder decoder = SampleDecoder.imageClassification("jpg", "cls");
        try (NDManager manager = NDManager.newBaseManager();
                TarImages imageShards =
                        (TarImages)
                                TarShardSource.builder().setLocation(shards.toString()).build();
                TarSamples sampleShards =
                        (TarSamples)
                                TarShardSource.builder()
                                        .setLocation(shards.toString())
                                        .buildSamples(decoder)) {
            ConcurrentDataset byImage = dataset(imageShards);
            ConcurrentDataset bySample = dataset(sampleShards);
            assertSameBatches(
                    byImage.getData(manager).iterator(), bySample.getData(manager).iterator());
            assertEquals("recycled", byImage.stats().bufferPath());
            assertEquals("per-item", bySample.stats().bufferPath());
        }
    }

    private static ConcurrentDataset dataset(ItemSource<?> source) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(4, true)
                .optSeed(7)
                .optPipeline(ImageRecipes.training(24))
                .build();
    }
}
