package dev.asyncdataset.internal.items;

import dev.asyncdataset.decode.BadItemException;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The samples of loose files, in a folder or under an S3 prefix: the paths grouped by WebDataset's
 * key rule ({@link SampleNames}), sorted by key, each sample's paths sorted. Hidden files and
 * folders (a name starting with a dot) are left out; in a folder, symlinked files are listed,
 * symlinked folders are not entered.
 */
public final class LooseSamples {

    /** The largest part a Java byte array holds. */
    private static final long ARRAY_LIMIT = Integer.MAX_VALUE - 8;

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
    public static LooseSamples list(Path root) throws IOException {
        List<String> paths = new ArrayList<>();
        Files.walkFileTree(
                root,
                new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        return dir.equals(root) || !dir.getFileName().toString().startsWith(".")
                                ? FileVisitResult.CONTINUE
                                : FileVisitResult.SKIP_SUBTREE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        if (Files.isRegularFile(file)) {
                            paths.add(relative(root, file));
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
        return group(paths);
    }

    /**
     * Groups {@code paths} (relative, with {@code /} separators) into samples, leaving out hidden
     * ones and those that name no part.
     */
    public static LooseSamples group(Collection<String> paths) {
        SortedMap<String, List<String>> byKey = new TreeMap<>();
        for (String path : paths) {
            if (!hidden(path) && SampleNames.isPart(path)) {
                byKey.computeIfAbsent(SampleNames.key(path), k -> new ArrayList<>()).add(path);
            }
        }
        return new LooseSamples(byKey);
    }

    /**
     * Checks that there is at least one sample.
     *
     * @param where the folder or URL the paths are under, for the message
     * @throws IllegalArgumentException if there is none
     */
    public LooseSamples requireSome(String where) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException(
                    where
                            + " has no sample: no visible file whose base name has a dot after its"
                            + " start");
        }
        return this;
    }

    public int size() {
        return keys.size();
    }

    public String key(int index) {
        return keys.get(index);
    }

    /**
     * The paths of the files of sample {@code index} by part name.
     *
     * @param name the sample's name for the message
     * @throws BadItemException if two files give the same part name (names differing in case)
     */
    public SortedMap<String, String> parts(int index, String name) throws BadItemException {
        SortedMap<String, String> parts = new TreeMap<>();
        for (String file : files.get(index)) {
            String part = SampleNames.part(file);
            if (parts.put(part, file) != null) {
                throw new BadItemException(
                        name, "two files for part " + part + ": " + files.get(index), null);
            }
        }
        return parts;
    }

    /** Whether a folder or the file of {@code path} is hidden. */
    /** Checks a part size limit: a part must fit a Java array. */
    public static long checkMaxPartBytes(long maxPartBytes) {
        if (maxPartBytes < 1 || maxPartBytes > ARRAY_LIMIT) {
            throw new IllegalArgumentException(
                    "maxPartBytes " + maxPartBytes + " is not in [1, " + ARRAY_LIMIT + "]");
        }
        return maxPartBytes;
    }

    private static boolean hidden(String path) {
        return path.startsWith(".") || path.contains("/.");
    }

    /** {@code file}'s path under {@code root}, with {@code /} separators. */
    private static String relative(Path root, Path file) {
        List<String> names = new ArrayList<>();
        root.relativize(file).forEach(name -> names.add(name.toString()));
        return String.join("/", names);
    }
}
