package dev.asyncdataset.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Finds the checkpoint to resume from in a folder of {@link Checkpoints}: the one {@code latest}
 * names or, when {@code latest} is broken (missing, or naming a missing or incomplete folder), the
 * newest complete checkpoint ({@link CheckpointName}'s order), with a notice of what was broken and
 * what is used instead. A checkpoint is complete when its folder holds {@value
 * TrainingCheckpoint#STATE}, the last file a checkpoint is written with.
 */
public final class CheckpointSearch {

    private CheckpointSearch() {}

    /**
     * Finds the checkpoint in {@code path}, a folder of checkpoints or one checkpoint.
     *
     * @param path a folder of checkpoints or one checkpoint
     * @param notices told when {@code latest} is broken and another checkpoint is used
     * @return the checkpoint's folder
     * @throws IOException if {@code path} holds no complete checkpoint
     */
    public static Path find(Path path, Consumer<String> notices) throws IOException {
        if (!Files.isDirectory(path)) {
            throw new IOException("no checkpoint in " + path + ": no such folder");
        }
        Optional<String> latest = Checkpoints.latest(path);
        if (latest.isPresent()) {
            Path named = path.resolve(latest.get());
            if (isComplete(named)) {
                return named;
            }
            String problem = Files.isDirectory(named) ? "incomplete" : "missing";
            String broken = path.resolve(Checkpoints.LATEST) + " names " + named + ", " + problem;
            return newest(path, broken, notices);
        }
        if (isComplete(path)) {
            return path;
        }
        return newest(path, "no " + Checkpoints.LATEST + " in " + path, notices);
    }

    /** The newest complete checkpoint in {@code root}, used because of what {@code broken} says. */
    private static Path newest(Path root, String broken, Consumer<String> notices)
            throws IOException {
        Optional<Path> newest =
                Folders.children(root).stream()
                        .filter(child -> name(child).isPresent() && isComplete(child))
                        .max(Comparator.comparing(child -> name(child).orElseThrow()));
        if (newest.isEmpty()) {
            throw new IOException(
                    "no checkpoint in " + root + ": " + broken + ", and no complete checkpoint");
        }
        notices.accept(broken + "; using the newest complete checkpoint, " + newest.get());
        return newest.get();
    }

    private static Optional<CheckpointName> name(Path child) {
        return CheckpointName.parse(child.getFileName().toString());
    }

    private static boolean isComplete(Path dir) {
        return Files.isRegularFile(dir.resolve(TrainingCheckpoint.STATE));
    }
}
