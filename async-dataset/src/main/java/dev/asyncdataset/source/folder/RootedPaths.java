package dev.asyncdataset.source.folder;

import dev.asyncdataset.decode.BadItemException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Resolves relative keys under a root directory, refusing anything that would leave it. */
final class RootedPaths {

    private final Path root;

    /**
     * @param root the directory; must exist, its real path (symlinks resolved) becomes the root
     */
    RootedPaths(Path root) throws IOException {
        this.root = root.toRealPath();
    }

    Path root() {
        return root;
    }

    /** The path of {@code key} under the root, for display; not checked. */
    Path display(String key) {
        return root.resolve(key);
    }

    /**
     * Returns the real path of {@code key} under the root.
     *
     * @throws BadItemException if the key is absolute, has a {@code ..} segment, does not exist, or
     *     resolves (through symlinks) outside the root
     * @throws IOException if the file system fails
     */
    Path resolve(String key) throws IOException {
        Path relative = root.getFileSystem().getPath(key);
        if (relative.isAbsolute()) {
            throw new BadItemException(key, "absolute path outside root " + root, null);
        }
        for (Path segment : relative) {
            if (segment.toString().equals("..")) {
                throw new BadItemException(key, "'..' segment: would leave root " + root, null);
            }
        }
        Path real;
        try {
            real = root.resolve(relative).toRealPath();
        } catch (NoSuchFileException e) {
            throw new BadItemException(display(key).toString(), "no such file", e);
        }
        if (!real.startsWith(root)) {
            throw new BadItemException(
                    display(key).toString(), "resolves outside root " + root + ": " + real, null);
        }
        return real;
    }
}
