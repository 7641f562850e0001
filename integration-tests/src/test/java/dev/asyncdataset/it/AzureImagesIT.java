package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.asyncdataset.source.store.StoreImageSource;
import dev.asyncdataset.source.tar.Stores;
import dev.asyncdataset.store.azure.AzureBlobStore;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Class folders of images in Azure Blob Storage (Azurite) read by {@link StoreImageSource} as from
 * a folder: bit-identical batches through {@code ConcurrentDataset}, listed a page at a time; a
 * missing blob and a corrupt one are bad items naming their URLs. The store is registered under a
 * scheme of this test's own, with the emulator's connection string.
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
        StoreImageSource azure =
                StoreImageSource.builder().setLocation("azurite-images://images/train").build();
        assertEquals(expected, LooseImages.batches(azure));
    }

    @Test
    void aMissingAndACorruptBlobAreBadItemsNamingTheirUrls() throws Exception {
        byte[] jpeg = IMAGES.get("class0/img0.jpg");
        AZURE.upload("bad", "", Map.of("c/cut.jpg", Arrays.copyOf(jpeg, jpeg.length / 3)));
        AZURE.upload("bad", "", Map.of("manifest.csv", "c/cut.jpg,0\nc/gone.jpg,0\n".getBytes()));
        try (StoreImageSource source =
                StoreImageSource.builder()
                        .setLocation("azurite-images://bad/")
                        .optManifest("azurite-images://bad/manifest.csv")
                        .build()) {
            String cut = "azurite-images://bad/c/cut.jpg";
            LooseImages.assertBad(source, 0, cut, cut);
            LooseImages.assertBad(source, 1, "azurite-images://bad/c/gone.jpg", "no such object");
        }
    }
}
