package dev.asyncdataset.source.folder;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ai.djl.basicdataset.cv.classification.ImageFolder;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.testing.MemoryStoreProvider;
import dev.asyncdataset.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The item order {@link FolderSource} documents, over class and file names that sort differently by
 * case, by digits and by punctuation, created in a shuffled order: a local folder as DJL's {@code
 * ImageFolder} (classes by name, files in directory order), a store prefix and a cached folder in
 * key order.
 */
class FolderOrderTest {

    private static final List<String> CLASS_NAMES =
            List.of("a", "B", "b", "A", "a10", "a9", "a-1", "a_1", "b.2");
    private static final List<String> FILE_NAMES =
            List.of(
                    "img9.jpg",
                    "img10.jpg",
                    "Img1.jpg",
                    "img1.JPG",
                    "_1.jpg",
                    "1.jpeg",
                    "a-b.jpg",
                    "a.b.jpg",
                    "Z.jpg");

    @TempDir Path root;

    /** A few generated folders: classes and files drawn from the name shapes, shuffled. */
    static Stream<Long> layouts() {
        return Stream.of(1L, 2L, 3L, 4L, 5L, 6L);
    }

    @ParameterizedTest
    @MethodSource("layouts")
    void aLocalFolderGivesDjlImageFoldersItemsInItsOrder(long seed) throws Exception {
        Map<String, byte[]> images = layout(seed);
        write(images);
        LabeledImageSource source = FolderSource.builder().setLocation(root.toString()).build();
        ImageFolder djl =
                ImageFolder.builder().setRepositoryPath(root).setSampling(1, false).build();
        djl.prepare();
        assertEquals(djl.getClasses(), source.getClasses());
        assertEquals(sorted(classesOf(images)), source.getClasses());
        assertEquals(djl.size(), source.size());
        try (NDManager manager = NDManager.newBaseManager()) {
            for (long i = 0; i < source.size(); i++) {
                Record ours = source.decode(manager, i, source.fetch(manager, i));
                Record theirs = djl.get(manager, i);
                assertEquals(theirs.getData().head(), ours.getData().head(), source.describe(i));
                assertEquals(theirs.getLabels().head(), ours.getLabels().head());
            }
        }
        List<String> listed = new ArrayList<>();
        for (String name : source.getClasses()) {
            try (Stream<Path> files = Files.list(root.resolve(name))) {
                files.forEach(f -> listed.add(name + "/" + f.getFileName()));
            }
        }
        assertEquals(listed, relativeKeys(source, root.toRealPath() + "/"), "directory order");
    }

    @ParameterizedTest
    @MethodSource("layouts")
    void aStorePrefixGivesEachClassInKeyOrder(long seed) throws Exception {
        Map<String, byte[]> images = layout(seed);
        String prefix = MemoryStoreProvider.SCHEME + "://order-" + UUID.randomUUID() + "/";
        List<String> keys = new ArrayList<>(images.keySet());
        Collections.shuffle(keys, new Random(seed));
        keys.forEach(k -> MemoryStoreProvider.OBJECTS.put(prefix + k, images.get(k)));
        try {
            LabeledImageSource source = FolderSource.builder().setLocation(prefix).build();
            assertEquals(sorted(classesOf(images)), source.getClasses());
            assertEquals(keyOrder(images), relativeKeys(source, prefix));
            assertLabelsAreClassPositions(source, prefix);
        } finally {
            keys.forEach(k -> MemoryStoreProvider.OBJECTS.remove(prefix + k));
        }
    }

    @ParameterizedTest
    @MethodSource("layouts")
    void aCachedFolderGivesEachClassInKeyOrder(long seed, @TempDir Path cache) throws Exception {
        Map<String, byte[]> images = layout(seed);
        write(images);
        LabeledImageSource source =
                FolderSource.builder()
                        .setLocation(root.toString())
                        .optCache(cache, 1L << 20)
                        .build();
        String shown = source.describe(0);
        String base = shown.substring(0, shown.length() - keyOrder(images).get(0).length());
        assertEquals(sorted(classesOf(images)), source.getClasses());
        assertEquals(keyOrder(images), relativeKeys(source, base));
        assertLabelsAreClassPositions(source, base);
    }

    /** Two to four classes of one to four images each, every image's pixels its own. */
    private static Map<String, byte[]> layout(long seed) {
        Random random = new Random(seed);
        List<String> classes = new ArrayList<>(CLASS_NAMES);
        Collections.shuffle(classes, random);
        Map<String, byte[]> images = new TreeMap<>();
        int made = 0;
        for (String name : classes.subList(0, 2 + random.nextInt(3))) {
            List<String> files = new ArrayList<>(FILE_NAMES);
            Collections.shuffle(files, random);
            for (String file : files.subList(0, 1 + random.nextInt(4))) {
                images.put(name + "/" + file, TestImages.jpeg(8, 6, seed * 100 + made++));
            }
        }
        return images;
    }

    /** Writes the images in a shuffled order, so that creation order is no order to rely on. */
    private void write(Map<String, byte[]> images) throws Exception {
        List<String> keys = new ArrayList<>(images.keySet());
        Collections.shuffle(keys, new Random(keys.size()));
        for (String key : keys) {
            Path file = root.resolve(key);
            Files.createDirectories(file.getParent());
            Files.write(file, images.get(key));
        }
    }

    /** The keys grouped by class, the classes by name, each class's keys in key order. */
    private static List<String> keyOrder(Map<String, byte[]> images) {
        List<String> order = new ArrayList<>();
        for (String name : sorted(classesOf(images))) {
            images.keySet().stream()
                    .filter(k -> k.startsWith(name + "/"))
                    .sorted()
                    .forEach(order::add);
        }
        return order;
    }

    private static List<String> classesOf(Map<String, byte[]> images) {
        return images.keySet().stream().map(k -> k.substring(0, k.indexOf('/'))).toList();
    }

    private static List<String> sorted(List<String> names) {
        return names.stream().distinct().sorted().toList();
    }

    private static List<String> relativeKeys(LabeledImageSource source, String base) {
        List<String> keys = new ArrayList<>();
        for (long i = 0; i < source.size(); i++) {
            String shown = source.describe(i);
            assertEquals(base, shown.substring(0, base.length()), shown);
            keys.add(shown.substring(base.length()));
        }
        return keys;
    }

    private static void assertLabelsAreClassPositions(LabeledImageSource source, String base) {
        List<String> keys = relativeKeys(source, base);
        for (int i = 0; i < keys.size(); i++) {
            String name = keys.get(i).substring(0, keys.get(i).indexOf('/'));
            assertEquals(source.getClasses().indexOf(name), source.label(i), keys.get(i));
        }
    }
}
