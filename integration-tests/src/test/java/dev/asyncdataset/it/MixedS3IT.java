package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.SourceShare;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mix of an S3 source and a local folder: the same interleave, shares and images as the same mix
 * read from two folders; mixing does not depend on the store.
 */
class MixedS3IT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);

    private static final Map<String, byte[]> REMOTE = TestImages.classFolders(3, 12, 48, 32);
    private static final Map<String, byte[]> LOCAL = TestImages.classFolders(2, 10, 48, 32);
    private static final int REMOTE_ITEMS = 36;

    @TempDir static Path remoteCopy;
    @TempDir static Path local;

    @BeforeAll
    static void upload() throws Exception {
        S3.upload("mix", "train/", REMOTE);
        TestImages.write(remoteCopy, REMOTE);
        TestImages.write(local, LOCAL);
    }

    @Test
    void anS3SourceInAMixGivesTheInterleaveSharesAndImagesOfAFolderCopy() throws Exception {
        try (LabeledImageSource s3 = S3.sourceBuilder("s3://mix/train").build();
                NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset fromS3 = mix(s3);
            ConcurrentDataset fromFolders =
                    mix(FolderSource.builder().setLocation(remoteCopy.toString()).build());
            Map<String, float[]> expected = decoded(remoteCopy, "remote: ", manager);
            expected.putAll(decoded(local, "local: ", manager));
            for (int epoch = 0; epoch < 2; epoch++) {
                List<Boolean> expectedRemote =
                        read(fromFolders, manager, new HashMap<>(), remoteCopy + "/");
                Map<String, float[]> actual = new HashMap<>();
                List<Boolean> actualRemote = read(fromS3, manager, actual, "s3://mix/train/");
                assertEquals(
                        expectedRemote, actualRemote, "epoch " + epoch + ": which source where");
                for (Map.Entry<String, float[]> item : actual.entrySet()) {
                    assertArrayEquals(expected.get(item.getKey()), item.getValue(), item.getKey());
                }
                LoaderStats stats = fromS3.stats();
                assertEquals(30, stats.sources().get(0).items(), "75 % of 40");
                assertEquals(10, stats.sources().get(1).items(), "25 % of 40");
                assertEquals(
                        stats.bytes(),
                        stats.sources().get(0).bytes() + stats.sources().get(1).bytes());
            }
        }
    }

    /** Every image of {@code folder}, decoded, under its name in the mix and its relative key. */
    private static Map<String, float[]> decoded(Path folder, String name, NDManager manager)
            throws Exception {
        Map<String, float[]> pixels = new HashMap<>();
        LabeledImageSource images = FolderSource.builder().setLocation(folder.toString()).build();
        for (long i = 0; i < images.size(); i++) {
            NDArray image = images.decode(manager, i, images.fetch(manager, i)).getData().head();
            String key = name + images.describe(i).replace(folder + "/", "");
            pixels.put(key, image.toType(DataType.FLOAT32, false).toFloatArray());
        }
        return pixels;
    }

    private static ConcurrentDataset mix(ItemSource<?> remote) throws Exception {
        return ConcurrentDataset.builder()
                .addSource("remote", remote, SourceShare.proportion(0.75))
                .addSource(
                        "local",
                        FolderSource.builder().setLocation(local.toString()).build(),
                        SourceShare.proportion(0.25))
                .optEpochSize(40)
                .setSampling(8, true)
                .optSeed(12)
                .build();
    }

    /**
     * Reads an epoch: returns whether each item came from the remote source, and puts each item's
     * pixels under its key with {@code root} cut off.
     */
    private static List<Boolean> read(
            ConcurrentDataset dataset, NDManager manager, Map<String, float[]> pixels, String root)
            throws Exception {
        List<Boolean> remote = new ArrayList<>();
        for (Batch batch : dataset.getData(manager)) {
            try (batch) {
                NDArray data = batch.getData().head();
                for (int j = 0; j < batch.getSize(); j++) {
                    long index = (Long) batch.getIndices().get(j);
                    remote.add(index < REMOTE_ITEMS);
                    String key =
                            dataset.getSource()
                                    .describe(index)
                                    .replace(root, "")
                                    .replace(local + "/", "");
                    pixels.put(key, data.get(j).toType(DataType.FLOAT32, false).toFloatArray());
                }
            }
        }
        return remote;
    }
}
