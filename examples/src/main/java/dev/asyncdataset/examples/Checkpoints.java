package dev.asyncdataset.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A folder of checkpoints, each written whole or not at all: a checkpoint is written into {@code
 * step-NNNNNNNNN.tmp/}, its files forced to disk, then renamed to {@code step-NNNNNNNNN/}; only
 * then does the file {@code latest} (itself replaced by an atomic rename) name it, and checkpoints
 * older than the previous one are deleted. A process killed at any moment leaves {@code latest}
 * naming a complete checkpoint (or no {@code latest} at all), never a partial one.
 */
public final class Checkpoints {

    /** The file naming the newest complete checkpoint. */
    public static final String LATEST = "latest";

    private static final String TEMPORARY = ".tmp";
    private static final int KEPT = 2;

    private Checkpoints() {}

    /** Writes the files of one checkpoint into a folder. */
    @FunctionalInterface
    public interface Contents {

        /**
         * Writes the checkpoint's files.
         *
         * @param dir the (temporary) checkpoint folder, empty
         * @throws IOException if a file cannot be written
         */
        void writeTo(Path dir) throws IOException;
    }

    /**
     * Writes a checkpoint of step {@code step} under {@code root} and makes it the latest.
     *
     * @param root the folder of checkpoints, created if needed
     * @param step the optimizer steps taken so far
     * @param contents what to write
     * @return the checkpoint's folder
     * @throws IOException if writing fails; the latest complete checkpoint stays the latest
     */
    public static Path write(Path root, long step, Contents contents) throws IOException {
        String name = String.format("step-%09d", step);
        Path temporary = root.resolve(name + TEMPORARY);
        Path done = root.resolve(name);
        deleteTree(temporary);
        deleteTree(done);
        Files.createDirectories(temporary);
        contents.writeTo(temporary);
        try (Stream<Path> files = Files.list(temporary)) {
            for (Path file : files.toList()) {
                force(file);
            }
        }
        Files.move(temporary, done, StandardCopyOption.ATOMIC_MOVE);
        Path latest = root.resolve(LATEST + TEMPORARY);
        Files.writeString(latest, name + "\n", StandardCharsets.UTF_8);
        force(latest);
        Files.move(latest, root.resolve(LATEST), StandardCopyOption.ATOMIC_MOVE);
        prune(root);
        return done;
    }

    /**
     * Finds the checkpoint to resume from: the one {@code path/latest} names, or {@code path}
     * itself when it is a checkpoint.
     *
     * @param path a folder of checkpoints or one checkpoint
     * @return the checkpoint's folder
     * @throws IOException if {@code path} holds no complete checkpoint
     */
    public static Path find(Path path) throws IOException {
        Path latest = path.resolve(LATEST);
        if (Files.isRegularFile(latest)) {
            return path.resolve(Files.readString(latest, StandardCharsets.UTF_8).strip());
        }
        if (Files.isRegularFile(path.resolve(TrainingCheckpoint.STATE))) {
            return path;
        }
        throw new IOException("no checkpoint in " + path + ": neither " + LATEST + " nor a state");
    }

    /** Deletes complete checkpoints older than the newest {@value #KEPT}, and stale temporaries. */
    private static void prune(Path root) throws IOException {
        try (Stream<Path> children = Files.list(root)) {
            List<Path> steps =
                    children.filter(p -> p.getFileName().toString().startsWith("step-"))
                            .sorted(Comparator.comparing(Path::getFileName).reversed())
                            .toList();
            int complete = 0;
            for (Path step : steps) {
                boolean temporary = step.getFileName().toString().endsWith(TEMPORARY);
                if (temporary || ++complete > KEPT) {
                    deleteTree(step);
                }
            }
        }
    }

    private static void force(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(dir)) {
            tree.sorted(Comparator.reverseOrder()).forEach(Checkpoints::delete);
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
