package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.asyncdataset.it.FaultInjectingBlobStore.Fault;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.store.StoreOptions;
import dev.asyncdataset.store.StoreOptionsBuilder;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The disk cache as a layer of the store seam ({@code FolderSource.optCache}): a second epoch over
 * S3 (S3Proxy) is read from the cache while every GET would fail; a later source over the same
 * directory reads an HTTP server's images named by a manifest without a GET; a damaged cache file
 * is dropped and its object read again from the store, bit for bit.
 */
class StoreCacheIT {

    @RegisterExtension static final S3ProxyServer S3 = new S3ProxyServer(0);
    @RegisterExtension static final ShardHttpServer HTTP = new ShardHttpServer();

    private static final Map<String, byte[]> IMAGES = TestImages.classFolders(3, 5, 64, 48);
    private static final long BOUND = 64L << 20;

    /**
     * {@code store} with two attempts within a second: a read the cache does not serve fails soon.
     */
    static StoreOptions brief(StoreOptionsBuilder store) {
        return store.optMaxAttempts(2).optRetryBudget(Duration.ofSeconds(1)).build();
    }

    @TempDir static Path local;
    private static List<String> expected;

    @TempDir Path cache;

    @BeforeAll
    static void storeTheImages() throws Exception {
        S3.upload("cached", "train/", IMAGES);
        HTTP.put("/train/", IMAGES);
        TestImages.write(local.resolve("train"), IMAGES);
        expected = LooseImages.folderBatches(local.resolve("train"));
    }

    @BeforeEach
    void noFaults() {
        S3.faults().setPolicy((key, attempt) -> Fault.NONE);
        HTTP.setFaults((key, attempt) -> Fault.NONE);
    }

    @Test
    void aSecondEpochIsReadFromTheCacheWhileEveryGetWouldFail() throws Exception {
        try (LabeledImageSource source =
                FolderSource.builder()
                        .setLocation("s3://cached/train")
                        .optStore(brief(S3.storeOptions()))
                        .optCache(cache, BOUND)
                        .build()) {
            assertEquals(expected, LooseImages.epoch(source));
            S3.faults().setPolicy((key, attempt) -> Fault.INTERNAL_ERROR);
            assertEquals(expected, LooseImages.epoch(source));
            assertEquals(IMAGES.size(), source.stats().cacheMisses());
            assertEquals(IMAGES.size(), source.stats().cacheHits());
        }
    }

    @Test
    void aLaterSourceReadsAManifestsImagesFromTheCacheWithoutAGet() throws Exception {
        assertEquals(expected, LooseImages.batches(http()));
        assertEquals(IMAGES.size(), HTTP.gets().size());
        LabeledImageSource later = http();
        assertEquals(expected, LooseImages.batches(later));
        assertEquals(IMAGES.size(), HTTP.gets().size(), HTTP.gets().toString());
        assertEquals(IMAGES.size(), later.stats().cacheHits());
    }

    @Test
    void aDamagedCacheFileIsDroppedAndItsObjectReadAgainFromTheStore() throws Exception {
        assertEquals(expected, LooseImages.batches(http()));
        try (Stream<Path> files = Files.list(cache)) {
            for (Path file : files.toList()) {
                byte[] bytes = Files.readAllBytes(file);
                bytes[bytes.length / 2] ^= 0x10;
                Files.write(file, bytes);
            }
        }
        HTTP.setFaults((key, attempt) -> Fault.NONE);
        LabeledImageSource later = http();
        assertEquals(expected, LooseImages.batches(later));
        assertEquals(IMAGES.size(), HTTP.gets().size(), "each object read again");
        assertEquals(expected, LooseImages.batches(http()));
        assertEquals(IMAGES.size(), HTTP.gets().size(), "the entries written again are sound");
    }

    /**
     * A source of the HTTP server's images, named by a local manifest, cached in {@link #cache}.
     */
    private LabeledImageSource http() throws Exception {
        Path manifest = LooseImages.manifest(IMAGES, local.resolve("train.csv"));
        return FolderSource.builder()
                .setLocation(HTTP.url("/train"))
                .optManifest(manifest.toString())
                .optCache(cache, BOUND)
                .build();
    }
}
