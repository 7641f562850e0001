package dev.asyncdataset.examples;

import static dev.asyncdataset.examples.CheckpointName.TEMPORARY;
import static java.nio.file.StandardCopyOption.ATOMIC_MOVE;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;

/**
 * A folder of checkpoints, each written whole or not at all, none replaced in place. A checkpoint
 * is written into a temporary folder ({@code NAME.tmp/}), its files forced to disk, then renamed to
 * a name no folder has ({@link CheckpointName}: {@code step-NNNNNNNNN/}, or {@code
 * step-NNNNNNNNN-2/} when that step already has a checkpoint); only then does the file {@code
 * latest} (itself replaced by an atomic rename) name it, and only after that are the checkpoints it
 * supersedes deleted: all but the new one and the one {@code latest} named before, each renamed to
 * a temporary name before its files go. A process killed at any moment ({@link CrashPoint}) leaves
 * {@code latest} naming a complete checkpoint (or no {@code latest} at all, before the first),
 * never a partial or missing one; {@link CheckpointSearch#find} falls back to the newest complete
 * checkpoint when {@code latest} is broken nonetheless (a folder damaged by hand, or written by an
 * earlier release).
 */
public final class Checkpoints {

    /** The file naming the newest complete checkpoint. */
    public static final String LATEST = "latest";

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
        return write(root, step, contents, CrashPoint.fromSystemProperty());
    }

    /** {@link #write(Path, long, Contents)}, calling {@code hook} at each crash point. */
    static Path write(Path root, long step, Contents contents, CrashPoint.Hook hook)
            throws IOException {
        Files.createDirectories(root);
        Optional<String> previous = latest(root);
        CheckpointName name = unused(root, step);
        Path temporary = writeTemporary(root.resolve(name + TEMPORARY), contents);
        hook.reached(CrashPoint.WRITTEN, name);
        Path done = Files.move(temporary, root.resolve(name.toString()), ATOMIC_MOVE);
        hook.reached(CrashPoint.RENAMED, name);
        Path latest = root.resolve(LATEST + TEMPORARY);
        Files.writeString(latest, name + "\n", StandardCharsets.UTF_8);
        Folders.force(latest);
        Files.move(latest, root.resolve(LATEST), ATOMIC_MOVE);
        hook.reached(CrashPoint.NAMED, name);
        deleteSuperseded(root, name, previous, hook);
        return done;
    }

    /**
     * Returns the name {@code root/latest} holds.
     *
     * @param root a folder of checkpoints
     * @return the name, or empty without a {@code latest}
     * @throws IOException if {@code latest} cannot be read
     */
    static Optional<String> latest(Path root) throws IOException {
        Path latest = root.resolve(LATEST);
        return Files.isRegularFile(latest)
                ? Optional.of(Files.readString(latest, StandardCharsets.UTF_8).strip())
                : Optional.empty();
    }

    /** The first name of step {@code step} after every checkpoint of it in {@code root}. */
    private static CheckpointName unused(Path root, long step) throws IOException {
        CheckpointName first = new CheckpointName(step, 1);
        return Folders.children(root).stream()
                .flatMap(child -> CheckpointName.parse(child.getFileName().toString()).stream())
                .filter(name -> name.step() == step)
                .max(Comparator.naturalOrder())
                .map(CheckpointName::next)
                .orElse(first);
    }

    /** Writes {@code contents} into the empty folder {@code temporary} and forces its files. */
    private static Path writeTemporary(Path temporary, Contents contents) throws IOException {
        Folders.deleteTree(temporary);
        Files.createDirectories(temporary);
        contents.writeTo(temporary);
        for (Path file : Folders.children(temporary)) {
            Folders.force(file);
        }
        return temporary;
    }

    /**
     * Deletes the temporary folders and every checkpoint but {@code written} and {@code previous}.
     */
    private static void deleteSuperseded(
            Path root, CheckpointName written, Optional<String> previous, CrashPoint.Hook hook)
            throws IOException {
        for (Path child : Folders.children(root)) {
            String file = child.getFileName().toString();
            if (isTemporary(file)) {
                Folders.deleteTree(child);
            } else if (CheckpointName.parse(file).isPresent()
                    && !file.equals(written.toString())
                    && !previous.equals(Optional.of(file))) {
                retire(child, written, hook);
            }
        }
    }

    /** Deletes a superseded checkpoint, renaming it first so that no partial one keeps a name. */
    private static void retire(Path checkpoint, CheckpointName written, CrashPoint.Hook hook)
            throws IOException {
        Path temporary = checkpoint.resolveSibling(checkpoint.getFileName() + TEMPORARY);
        Folders.deleteTree(temporary);
        Files.move(checkpoint, temporary, ATOMIC_MOVE);
        hook.reached(CrashPoint.RETIRED, written);
        Folders.deleteTree(temporary);
    }

    /** Whether {@code file} is the temporary folder of a checkpoint being written or deleted. */
    private static boolean isTemporary(String file) {
        return file.endsWith(TEMPORARY)
                && CheckpointName.parse(file.substring(0, file.length() - TEMPORARY.length()))
                        .isPresent();
    }
}
