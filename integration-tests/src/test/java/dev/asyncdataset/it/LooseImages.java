package dev.asyncdataset.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The batches of an image source as bytes, and its bad items, for the loose-object sources. */
final class LooseImages {

    private LooseImages() {}

    /**
     * The batches of one epoch of the class folders at {@code folder}, read as loose objects of the
     * local store in key order (as a store lists them), through a manifest of every file.
     */
    static List<String> folderBatches(Path folder) throws Exception {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder, 2)) {
            walk.filter(Files::isRegularFile)
                    .forEach(file -> files.put(ItemKeys.relative(folder, file), null));
        }
        Path manifest = manifest(files, folder.resolveSibling(folder.getFileName() + "-keys.csv"));
        return batches(
                FolderSource.builder()
                        .setLocation(folder.toString())
                        .optManifest(manifest.toString())
                        .build());
    }

    /**
     * Asserts that every item of {@code source} has the image and label of the item of the same key
     * that {@code FolderSource} on a folder reads from {@code folder} (which lists in directory
     * order).
     */
    static void assertSameItemsAsImageFolder(LabeledImageSource source, Path folder)
            throws Exception {
        try (source;
                NDManager manager = NDManager.newBaseManager()) {
            LabeledImageSource images =
                    FolderSource.builder().setLocation(folder.toString()).build();
            source.prepare(null);
            assertEquals(images.getClasses(), source.getClasses());
            assertEquals(images.size(), source.size());
            Map<String, Long> byKey = new HashMap<>();
            for (long i = 0; i < images.size(); i++) {
                byKey.put(folder.resolve(ItemKeys.key(images, i, folder)).toString(), i);
            }
            for (long i = 0; i < source.size(); i++) {
                long twin = byKey.get(source.describe(i));
                Record expected = images.decode(manager, twin, images.fetch(manager, twin));
                Record actual = source.decode(manager, i, source.fetch(manager, i));
                assertEquals(expected.getData().head(), actual.getData().head());
                assertEquals(expected.getLabels().head(), actual.getLabels().head());
            }
        }
    }

    /**
     * Every batch of one sequential epoch of {@code source}, through {@link ConcurrentDataset}: its
     * images' and labels' bytes; closes the source.
     */
    static List<String> batches(LabeledImageSource source) throws Exception {
        try (source) {
            return epoch(source);
        }
    }

    /**
     * The batches of one sequential epoch of {@code source}, as {@link #batches}; leaves it open.
     */
    static List<String> epoch(LabeledImageSource source) throws Exception {
        List<String> batches = new ArrayList<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder().setSource(source).setSampling(4, false).build();
            dataset.prepare();
            for (Batch batch : dataset.getData(manager)) {
                batches.add(
                        Arrays.toString(batch.getData().head().toByteArray())
                                + Arrays.toString(batch.getLabels().head().toLongArray()));
                batch.close();
            }
        }
        return batches;
    }

    /** Writes {@code file}, a CSV manifest naming {@code images} and their class folders. */
    static Path manifest(Map<String, byte[]> images, Path file) throws IOException {
        StringBuilder lines = new StringBuilder();
        images.keySet().stream()
                .sorted()
                .forEach(k -> lines.append(k).append(',').append(k.split("/")[0]).append('\n'));
        return Files.writeString(file, lines);
    }

    /**
     * Asserts that fetching and decoding item {@code index} of {@code source} is a bad item whose
     * message names {@code key} and says {@code why}.
     */
    static void assertBad(LabeledImageSource source, long index, String key, String why)
            throws Exception {
        source.prepare(null);
        assertEquals(key, source.describe(index));
        try (NDManager manager = NDManager.newBaseManager()) {
            BadItemException e =
                    assertThrows(
                            BadItemException.class,
                            () -> source.decode(manager, index, source.fetch(manager, index)));
            assertTrue(e.getMessage().contains(key), e.getMessage());
            assertTrue(e.getMessage().contains(why), e.getMessage());
        }
    }
}
