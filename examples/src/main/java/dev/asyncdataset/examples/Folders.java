package dev.asyncdataset.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** What {@link Checkpoints} does to folders and files: list, force to disk, delete a tree. */
final class Folders {

    private Folders() {}

    /**
     * Returns the folders and files in {@code root}.
     *
     * @param root a folder
     * @return its children
     * @throws IOException if it cannot be listed
     */
    static List<Path> children(Path root) throws IOException {
        try (Stream<Path> children = Files.list(root)) {
            return children.toList();
        }
    }

    /**
     * Forces a file's contents and metadata to the storage device.
     *
     * @param file a regular file
     * @throws IOException if it cannot be opened or forced
     */
    static void force(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    /**
     * Deletes a folder and everything in it, if it exists.
     *
     * @param dir the folder
     * @throws IOException if something in it cannot be deleted
     */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(dir)) {
            tree.sorted(Comparator.reverseOrder()).forEach(Folders::delete);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void delete(Path path) {
        try {
            Files.delete(path);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
