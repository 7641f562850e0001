package dev.asyncdataset.source.folder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.store.StoreOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleFolderSourceTest {

    private static final SampleDecoder TEXT =
            (manager, sample) ->
                    new Record(new NDList(Parts.raw(manager, sample, "txt")), new NDList());

    @TempDir Path root;

    @Test
    void filesSharingAKeyFormOneSampleInSortedKeyOrder() throws Exception {
        write(
                Map.of(
                        "b/2.jpg",
                        "b2 image",
                        "b/2.cls",
                        "1",
                        "a/10.json",
                        "{}",
                        "a/10.seg.PNG",
                        "mask",
                        "a/9.txt",
                        "nine",
                        "c.d/e.f.g",
                        "dotted folder",
                        "README",
                        "no dot",
                        "a/.hidden.json",
                        "hidden",
                        ".git/x.json",
                        "hidden"));
        ItemSource<Sample> source =
                FolderSource.builder().setLocation(root.toString()).buildSamples(TEXT);
        List<String> keys = new ArrayList<>();
        for (long i = 0; i < source.size(); i++) {
            keys.add(root.relativize(Path.of(source.describe(i))).toString());
        }
        assertEquals(List.of("a/10", "a/9", "b/2", "c.d/e"), keys);
        try (NDManager manager = NDManager.newBaseManager()) {
            Sample a10 = source.fetch(manager, 0);
            assertEquals("a/10", a10.key());
            assertEquals(Set.of("json", "seg.png"), a10.partNames());
            assertArrayEquals(utf8("mask"), a10.bytes("seg.png"));
            assertEquals(Set.of("cls", "jpg"), source.fetch(manager, 2).partNames());
            assertEquals(Set.of("f.g"), source.fetch(manager, 3).partNames());
        }
        assertEquals(root.toRealPath().resolve("a/9").toString(), source.describe(1));
    }

    @Test
    void fileLeavingTheRootThroughASymlinkIsABadItem(@TempDir Path outside) throws Exception {
        Path secret = Files.write(outside.resolve("secret.txt"), utf8("secret"));
        Files.write(Files.createDirectories(root.resolve("linked")).resolve("2.txt"), utf8("x"));
        Files.createSymbolicLink(root.resolve("1.txt"), secret);
        Files.createSymbolicLink(root.resolve("folder"), outside);
        ItemSource<Sample> source =
                FolderSource.builder().setLocation(root.toString()).buildSamples(TEXT);
        assertEquals(2, source.size(), "a symlinked folder is not entered");
        try (NDManager manager = NDManager.newBaseManager()) {
            BadItemException e =
                    assertThrows(BadItemException.class, () -> source.fetch(manager, 0));
            assertTrue(e.getMessage().contains("outside root"), e.getMessage());
        }
    }

    @Test
    void oversizedPartAndTwoFilesForOnePartAreBadItems() throws Exception {
        write(Map.of("big.txt", "eleven byte", "twice.txt", "a", "twice.TXT", "b"));
        ItemSource<Sample> source =
                FolderSource.builder()
                        .setLocation(root.toString())
                        .optStore(StoreOptions.builder().optMaxObjectBytes(10).build())
                        .buildSamples(TEXT);
        try (NDManager manager = NDManager.newBaseManager()) {
            BadItemException big =
                    assertThrows(BadItemException.class, () -> source.fetch(manager, 0));
            assertEquals(root.toRealPath().resolve("big.txt").toString(), big.getKey());
            assertTrue(
                    big.getMessage().contains("11 bytes, more than the part limit of 10"),
                    big.getMessage());
            BadItemException twice =
                    assertThrows(BadItemException.class, () -> source.fetch(manager, 1));
            assertTrue(twice.getMessage().contains("two files for part txt"), twice.getMessage());
        }
    }

    @Test
    void factoryArgumentsAreCheckedAtOnce() throws Exception {
        IllegalArgumentException empty =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                FolderSource.builder()
                                        .setLocation(root.toString())
                                        .buildSamples(TEXT));
        assertTrue(empty.getMessage().contains("has no sample"), empty.getMessage());
        write(Map.of("1.txt", "x"));
        IllegalArgumentException limit =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                FolderSource.builder()
                                        .setLocation(root.toString())
                                        .optStore(
                                                StoreOptions.builder().optMaxObjectBytes(0).build())
                                        .buildSamples(TEXT));
        assertTrue(
                limit.getMessage().contains("maxObjectBytes out of range: 0"), limit.getMessage());
        assertThrows(
                NullPointerException.class,
                () -> FolderSource.builder().setLocation(root.toString()).buildSamples(null));
    }

    private void write(Map<String, String> files) throws Exception {
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path path = root.resolve(file.getKey());
            Files.createDirectories(path.getParent());
            Files.write(path, utf8(file.getValue()));
        }
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
