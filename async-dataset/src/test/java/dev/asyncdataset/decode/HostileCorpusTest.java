package dev.asyncdataset.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.epoch.LoaderStats;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.HostileCorpus;
import dev.asyncdataset.testing.HostileCorpus.Entry;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every entry of the {@link HostileCorpus} either decodes to 3-channel RGB of its size or fails as
 * a bad item naming its key, with either codec, through the decode of only what a crop keeps
 * ({@link CropDecoder}, which the loader's recycled rows use) and through the whole loader: no
 * crash, no out-of-memory, no hang, and nothing else lost.
 */
class HostileCorpusTest {

    @ParameterizedTest
    @EnumSource(Codec.class)
    void eachEntryDecodesToRgbOrIsABadItemNamingItsKey(Codec codec) {
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Entry entry : HostileCorpus.entries()) {
                if (entry.decodes()) {
                    assertDecodes(manager, entry, codec);
                } else {
                    BadItemException e =
                            assertThrows(
                                    BadItemException.class,
                                    () ->
                                            ImageDecoder.decode(
                                                    manager,
                                                    ByteBuffer.wrap(entry.bytes()),
                                                    entry.name(),
                                                    codec),
                                    entry.name());
                    assertEquals(entry.name(), e.getKey());
                    assertTrue(e.getMessage().contains(entry.problem()), e.getMessage());
                }
            }
        }
    }

    @Test
    void eachJpegEntryThroughTheCropDecodeIsWrittenOrABadItemNamingItsKey() throws Exception {
        NativeCodecs.assumeTurboJpegAndOpenCv();
        ByteBuffer row = ByteBuffer.allocateDirect(32 * 32 * 3);
        RecipePipeline.Geometry geometry = new ResizeCenterCrop(32, 32)::box;
        for (Entry entry : HostileCorpus.entries()) {
            ByteBuffer jpeg = ByteBuffer.wrap(entry.bytes());
            if (!EncodedImages.isJpeg(jpeg)) {
                continue;
            }
            if (entry.decodes()) {
                boolean fused = CropDecoder.write(jpeg, entry.name(), geometry, 32, 32, row);
                assertEquals(!entry.name().startsWith("cmyk"), fused, entry.name());
            } else {
                BadItemException e =
                        assertThrows(
                                BadItemException.class,
                                () -> CropDecoder.write(jpeg, entry.name(), geometry, 32, 32, row),
                                entry.name());
                assertEquals(entry.name(), e.getKey());
                assertTrue(e.getMessage().contains(entry.problem()), e.getMessage());
            }
        }
    }

    @Test
    void theLoaderSkipsExactlyTheBadEntriesAndDeliversTheRest(@TempDir Path root) throws Exception {
        Epoch epoch = epoch(root, BadItemPolicy.SKIP);
        assertEquals(HostileCorpus.goodNames(), epoch.delivered());
        assertEquals(
                HostileCorpus.entries().size() - epoch.delivered().size(),
                epoch.stats().skippedItems());
    }

    @Test
    void underTheDefaultPolicyTheFirstBadEntryEndsTheEpochNamingItsFile(@TempDir Path root) {
        DataLoadingException e =
                assertThrows(DataLoadingException.class, () -> epoch(root, BadItemPolicy.FAIL));
        assertTrue(e.getKey().startsWith(root.toString()), e.getKey());
        Entry bad = HostileCorpus.byName().get(Path.of(e.getKey()).getFileName().toString());
        assertTrue(e.getMessage().contains(bad.problem()), e.getMessage());
    }

    /** The file names one epoch delivered, and its statistics. */
    private record Epoch(Set<String> delivered, LoaderStats stats) {}

    /** Writes the corpus into a class folder under {@code root} and loads one epoch of it. */
    private static Epoch epoch(Path root, BadItemPolicy policy) throws Exception {
        LabeledImageSource source = write(root);
        try (NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .setSource(source)
                            .setSampling(4, false)
                            .optPipeline(ImageRecipes.evaluation(32, 32))
                            .optBadItemPolicy(policy)
                            .build();
            Set<String> delivered = new TreeSet<>();
            for (Batch batch : dataset.getData(manager)) {
                assertEquals(
                        new Shape(batch.getSize(), 32, 32, 3), batch.getData().head().getShape());
                for (Object index : batch.getIndices()) {
                    delivered.add(Path.of(source.describe((Long) index)).getFileName().toString());
                }
                batch.close();
            }
            return new Epoch(delivered, dataset.stats());
        }
    }

    private static void assertDecodes(NDManager manager, Entry entry, Codec codec) {
        try (NDArray image =
                ImageDecoder.decode(manager, ByteBuffer.wrap(entry.bytes()), entry.name(), codec)) {
            assertEquals(
                    new Shape(entry.height(), entry.width(), 3), image.getShape(), entry.name());
            assertEquals(DataType.UINT8, image.getDataType());
        } catch (BadItemException e) {
            throw new AssertionError(entry.name() + " should decode", e);
        }
    }

    private static LabeledImageSource write(Path root) throws Exception {
        Files.createDirectories(root.resolve("all"));
        for (Entry entry : HostileCorpus.entries()) {
            Files.write(root.resolve("all").resolve(entry.name()), entry.bytes());
        }
        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        assertEquals(HostileCorpus.entries().size(), source.size());
        return source;
    }
}
