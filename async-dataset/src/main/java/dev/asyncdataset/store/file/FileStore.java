package dev.asyncdataset.store.file;

import dev.asyncdataset.store.ObjectStore;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Local files, named by a path or a {@code file:} URL: a folder lists its files, and a read is
 * positioned reads of a channel opened for that read ({@link FileBody}). A channel of its own per
 * read, because an interrupted read closes its channel: the loader interrupts fetches when an epoch
 * ends early, and a shared channel would then fail every later read of the file.
 */
public final class FileStore implements ObjectStore {

    /** The one file store: it holds nothing open between reads. */
    public static final FileStore INSTANCE = new FileStore();

    private FileStore() {}

    /**
     * The path of a local location.
     *
     * @param location a plain path, {@code file:/path} or {@code file:///path}
     * @return its path
     */
    public static Path path(String location) {
        if (location.startsWith("file://")) {
            return Path.of(URI.create(location));
        }
        return Path.of(location.startsWith("file:") ? location.substring(5) : location);
    }

    /** The files directly in the folder {@code prefix} (the working folder if empty), by name. */
    @Override
    public List<StoredObject> list(String prefix) throws IOException {
        Path folder = prefix.isEmpty() ? Path.of("").toAbsolutePath() : path(prefix);
        List<StoredObject> files = new ArrayList<>();
        try (Stream<Path> listed = Files.list(folder)) {
            for (Path file : listed.sorted().toList()) {
                if (Files.isRegularFile(file)) {
                    files.add(new StoredObject(file.toString(), Files.size(file), null));
                }
            }
        }
        return files;
    }

    @Override
    public StoredObject stat(String url) throws IOException {
        Path file = path(url);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return new StoredObject(file.toString(), channel.size(), null);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /** The file's bytes as they are now, up to {@code length} of them from {@code offset}. */
    @Override
    public StoredBody open(String url, long offset, long length) throws IOException {
        FileChannel channel = FileChannel.open(path(url), StandardOpenOption.READ);
        long end = length < 0 ? Long.MAX_VALUE : offset + length;
        return new StoredBody(new FileBody(channel, offset, end), null);
    }

    @Override
    public boolean isLocal() {
        return true;
    }

    /** Nothing to close: every read closes its own channel. */
    @Override
    public void close() {}
}
