package dev.asyncdataset.source;

import dev.asyncdataset.sample.SampleNames;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The samples of a folder of loose files: the files under it grouped by WebDataset's key rule
 * ({@link SampleNames}), sorted by key, each sample's files sorted by path. Hidden files and
 * folders (a name starting with a dot) are left out; symlinked files are listed, symlinked folders
 * are not entered.
 */
final class LooseSamples {

    private final List<String> keys;
    private final List<List<String>> files;

    private LooseSamples(SortedMap<String, List<String>> byKey) {
        this.keys = List.copyOf(byKey.keySet());
        this.files = new ArrayList<>(byKey.size());
        for (List<String> sample : byKey.values()) {
            Collections.sort(sample);
            files.add(List.copyOf(sample));
        }
    }

    /**
     * Lists the samples under {@code root}.
     *
     * @param root the folder, a real path
     * @throws IOException if the folder cannot be walked
     */
    static LooseSamples list(Path root) throws IOException {
        SortedMap<String, List<String>> byKey = new TreeMap<>();
        Files.walkFileTree(
                root,
                new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        return dir.equals(root) || !hidden(dir)
                                ? FileVisitResult.CONTINUE
                                : FileVisitResult.SKIP_SUBTREE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        String path = relative(root, file);
                        if (Files.isRegularFile(file) && SampleNames.isPart(path)) {
                            byKey.computeIfAbsent(SampleNames.key(path), k -> new ArrayList<>())
                                    .add(path);
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
        return new LooseSamples(byKey);
    }

    int size() {
        return keys.size();
    }

    String key(int index) {
        return keys.get(index);
    }

    /** The paths, relative to the root, of the files of sample {@code index}. */
    List<String> files(int index) {
        return files.get(index);
    }

    private static boolean hidden(Path path) {
        return path.getFileName().toString().startsWith(".");
    }

    /** {@code file}'s path under {@code root}, with {@code /} separators. */
    private static String relative(Path root, Path file) {
        List<String> names = new ArrayList<>();
        root.relativize(file).forEach(name -> names.add(name.toString()));
        return String.join("/", names);
    }
}
