package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code FolderSource} over local files, S3 (S3Proxy) and HTTP (the tests' local server): the same
 * images give bit-identical batches through {@code ConcurrentDataset} as the folder does, whose
 * items are a folder's; an item of a manifest costs one GET, its length taken from the response; a
 * body failing the store's checksum is read again; a missing, too large or corrupt object is a bad
 * item naming its location.
 */
class StoreImageSourceIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);
    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(3, 6, 96, 64);

    @TempDir static Path local;
    private static List<String> expected;
    private static StoreOptions s3;

    @BeforeAll
    static void storeTheImages() throws Exception {
        Map<String, byte[]> objects = new LinkedHashMap<>(IMAGES);
        objects.put("class1/nested/deep.jpg", TestImages.jpeg(8, 8, 1));
        objects.put(".hidden/x.jpg", TestImages.jpeg(8, 8, 2));
        S3.upload("data", "train/", objects);
        HTTP.put("/train/", IMAGES);
        TestImages.write(local.resolve("train"), IMAGES);
        expected = LooseImages.folderBatches(local.resolve("train"));
        s3 = S3.storeOptions().build();
    }

    @BeforeEach
    void noFaults() {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
    }

    private static FolderSource s3(String location) {
        return FolderSource.builder().setLocation(location).optStore(s3);
    }

    @Test
    void classFoldersInS3GiveTheFoldersBatchesBitForBit() throws Exception {
        assertEquals(expected, LooseImages.batches(s3("s3://data/train").build()));
    }

    @Test
    void aFolderAndItsFileUrlGiveTheImageFoldersItemsAndTheSameBatches() throws Exception {
        Path folder = local.resolve("train");
        LooseImages.assertSameItemsAsImageFolder(
                FolderSource.builder().setLocation(folder.toString()).build(), folder);
        String url = folder.toUri().toString();
        assertEquals(
                LooseImages.batches(FolderSource.builder().setLocation(folder.toString()).build()),
                LooseImages.batches(FolderSource.builder().setLocation(url).build()));
    }

    @Test
    void imagesOnAnHttpServerNamedByAManifestGiveTheFoldersBatchesWithOneGetEach()
            throws Exception {
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        LabeledImageSource http =
                FolderSource.builder()
                        .setLocation(HTTP.url("/train"))
                        .optManifest(manifest().toString())
                        .build();
        assertEquals(expected, LooseImages.batches(http));
        assertEquals(0, HTTP.heads());
        assertEquals(IMAGES.size(), HTTP.gets().size(), HTTP.gets().toString());
        assertTrue(
                HTTP.gets().stream().allMatch(g -> g.endsWith(" whole")), HTTP.gets().toString());
    }

    @Test
    void aLocalFolderNamedByAManifestGivesTheFoldersBatches() throws Exception {
        LabeledImageSource files =
                FolderSource.builder()
                        .setLocation(local.resolve("train").toString())
                        .optManifest(manifest().toString())
                        .build();
        assertEquals(expected, LooseImages.batches(files));
    }

    @Test
    void anObjectOfAManifestOverTheLargestReadIsABadItemNamingIt() throws Exception {
        StoreOptions small = StoreOptions.builder().optMaxObjectBytes(100).build();
        try (LabeledImageSource source =
                FolderSource.builder()
                        .setLocation(HTTP.url("/train"))
                        .optManifest(manifest().toString())
                        .optStore(small)
                        .build()) {
            LooseImages.assertBad(source, 0, HTTP.url("/train/class0/img0.jpg"), "too large");
        }
    }

    /** A local manifest naming the images and their classes. */
    private static Path manifest() throws Exception {
        return LooseImages.manifest(IMAGES, local.resolve("train.csv"));
    }

    @Test
    void aBodyFailingTheStoresChecksumIsReadAgain() throws Exception {
        S3.faults().setPolicy((key, attempt) -> attempt == 1 ? Fault.CORRUPT : Fault.NONE);
        LabeledImageSource source = s3("s3://data/train").build();
        List<String> batches = LooseImages.batches(source);
        assertEquals(expected, batches);
        assertTrue(source.stats().integrityFailures() > 0, source.stats().toString());
    }

    @Test
    void aMissingObjectOfAManifestIsABadItemNamingIt() throws Exception {
        S3.upload(
                "data",
                "",
                Map.of(
                        "manifests/missing.csv",
                        "class0/img0.jpg,0\nclass0/gone.jpg,0\n".getBytes()));
        try (LabeledImageSource source =
                s3("s3://data/train/").optManifest("s3://data/manifests/missing.csv").build()) {
            LooseImages.assertBad(source, 1, "s3://data/train/class0/gone.jpg", "no such key");
        }
    }

    @Test
    void anObjectOverTheLargestReadIsABadItemNamingIt() throws Exception {
        StoreOptions small = S3.storeOptions().optMaxObjectBytes(100).build();
        try (LabeledImageSource source = s3("s3://data/train").optStore(small).build()) {
            LooseImages.assertBad(source, 0, "s3://data/train/class0/img0.jpg", "too large");
        }
    }

    @Test
    void aCorruptBodyIsABadItemNamingIt() throws Exception {
        byte[] jpeg = IMAGES.get("class0/img0.jpg");
        S3.upload(
                "bad",
                "images/",
                Map.of(
                        "c/cut.jpg",
                        Arrays.copyOf(jpeg, jpeg.length / 3),
                        "c/empty.jpg",
                        new byte[0]));
        try (LabeledImageSource source = s3("s3://bad/images").build()) {
            LooseImages.assertBad(
                    source, 0, "s3://bad/images/c/cut.jpg", "s3://bad/images/c/cut.jpg");
            LooseImages.assertBad(source, 1, "s3://bad/images/c/empty.jpg", "empty object");
        }
    }
}
