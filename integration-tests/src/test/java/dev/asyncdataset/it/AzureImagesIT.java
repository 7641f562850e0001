package dev.asyncdataset.it;

import static dev.asyncdataset.testing.SameBatches.assertSameBatches;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import dev.asyncdataset.examples.Options;
import dev.asyncdataset.examples.RecipeSettings;
import dev.asyncdataset.examples.ResNetTraining;
import dev.asyncdataset.examples.RunResult;
import dev.asyncdataset.examples.TrainResNet;
import dev.asyncdataset.examples.TrainingSettings;
import dev.asyncdataset.examples.data.ImageNetLikeGenerator;
import dev.asyncdataset.examples.s3.S3Connection;
import dev.asyncdataset.internal.store.azure.AzureBlobStore;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.Stores;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.testing.TestSamples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Class folders of images in Azure Blob Storage (Azurite) read by {@code FolderSource} as from a
 * folder: bit-identical batches through {@code ConcurrentDataset}, listed a page at a time; a
 * missing blob and a corrupt one are bad items naming their URLs; loose samples give the batches
 * the same files give from a folder; {@code TrainResNet --data} trains from an image folder there.
 * The store is registered under a scheme of this test's own, with the emulator's connection string.
 */
class AzureImagesIT {

    @RegisterExtension static final AzuriteServer AZURE = new AzuriteServer();

    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(3, 5, 96, 64);

    @TempDir static Path local;

    @BeforeAll
    static void uploadTheImagesAndRegisterTheStore() throws Exception {
        AZURE.upload("images", "train/", IMAGES);
        TestImages.write(local.resolve("train"), IMAGES);
        Stores.register(
                "azurite-images",
                settings ->
                        AzureBlobStore.builder()
                                .setSettings(settings)
                                .optCredentials(AZURE.credentials())
                                .optPageSize(4)
                                .build());
    }

    @Test
    void classFoldersInAzureGiveTheFoldersBatchesBitForBit() throws Exception {
        List<String> expected = LooseImages.folderBatches(local.resolve("train"));
        LabeledImageSource azure =
                FolderSource.builder().setLocation("azurite-images://images/train").build();
        assertEquals(expected, LooseImages.batches(azure));
    }

    @Test
    void samplesInAzureGiveTheSameBatchesAsTheSameFilesInAFolder() throws Exception {
        Map<String, byte[]> files = TestSamples.files(12);
        AZURE.upload("samples", "train/", files);
        TestImages.write(local.resolve("samples"), files);
        try (ItemSource<Sample> azure =
                        FolderSource.builder()
                                .setLocation("azurite-images://samples/train/")
                                .buildSamples(TestSamples.DECODER);
                NDManager manager = NDManager.newBaseManager()) {
            ItemSource<Sample> folder =
                    FolderSource.builder()
                            .setLocation(local.resolve("samples").toString())
                            .buildSamples(TestSamples.DECODER);
            assertEquals(folder.size(), azure.size());
            for (long i = 0; i < folder.size(); i++) {
                assertEquals(
                        ItemKeys.key(folder, i, local.resolve("samples")),
                        ItemKeys.key(azure, i, "azurite-images://samples/train/"));
            }
            assertSameBatches(
                    S3SampleSourceIT.shuffled(folder).getData(manager).iterator(),
                    S3SampleSourceIT.shuffled(azure).getData(manager).iterator());
        }
    }

    @Test
    void trainResNetTrainsAStepFromAnImageFolderInAzure() throws Exception {
        Path images = ImageNetLikeGenerator.writeSplits(local.resolve("imagenet"), 3, 8, 2, 5);
        for (String split : List.of("train", "val")) {
            AZURE.upload("imagenet", split + "/", files(images.resolve(split)));
        }
        String[] args = {
            "--data", "azurite-images://imagenet/", "--epochs", "1", "--batch-size", "4",
            "--image-size", "32", "--max-steps", "1", "--gpus", "0"
        };
        Options options = Options.parse(args, TrainResNet.defaults());
        RunResult result =
                ResNetTraining.run(
                        TrainingSettings.from(options),
                        RecipeSettings.from(options),
                        S3Connection.withDefaultCredentials(""));
        assertEquals(4, result.images(), "one step of 4 images");
        assertTrue(Double.isFinite(result.loss()), "loss " + result.loss());
        assertTrue(result.validation().top1() >= 0, "validated: " + result.validation());
    }

    @Test
    void aMissingAndACorruptBlobAreBadItemsNamingTheirUrls() throws Exception {
        byte[] jpeg = IMAGES.get("class0/img0.jpg");
        AZURE.upload("bad", "", Map.of("c/cut.jpg", Arrays.copyOf(jpeg, jpeg.length / 3)));
        AZURE.upload("bad", "", Map.of("manifest.csv", "c/cut.jpg,0\nc/gone.jpg,0\n".getBytes()));
        try (LabeledImageSource source =
                FolderSource.builder()
                        .setLocation("azurite-images://bad/")
                        .optManifest("azurite-images://bad/manifest.csv")
                        .build()) {
            String cut = "azurite-images://bad/c/cut.jpg";
            LooseImages.assertBad(source, 0, cut, cut);
            LooseImages.assertBad(source, 1, "azurite-images://bad/c/gone.jpg", "404 BlobNotFound");
        }
    }

    /** The files under {@code folder} by their path relative to it. */
    private static Map<String, byte[]> files(Path folder) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walked = Files.walk(folder)) {
            for (Path file : walked.filter(Files::isRegularFile).toList()) {
                files.put(folder.relativize(file).toString(), Files.readAllBytes(file));
            }
        }
        return files;
    }
}
