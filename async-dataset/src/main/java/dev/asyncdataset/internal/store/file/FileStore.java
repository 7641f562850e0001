package dev.asyncdataset.internal.store.file;

import dev.asyncdataset.internal.io.LocalStore;
import dev.asyncdataset.internal.io.UnfinishedWrites;
import dev.asyncdataset.store.ObjectOutput;
import dev.asyncdataset.store.RequestRejected;
import dev.asyncdataset.store.StoredBody;
import dev.asyncdataset.store.StoredObject;
import dev.asyncdataset.store.WritableStore;
import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Local files, named by a path or a {@code file:} URL: a folder lists its files, and a read is
 * positioned reads of a channel opened for that read ({@link FileBody}). A channel of its own per
 * read, because an interrupted read closes its channel: the loader interrupts fetches when an epoch
 * ends early, and a shared channel would then fail every later read of the file. A file is written
 * under a hidden temporary name beside it ({@code .<name>.tmp}), forced to the disk and renamed
 * into place, so a reader sees the old file or the new one whole.
 */
public final class FileStore implements WritableStore, LocalStore, UnfinishedWrites {

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
                    files.add(object(file));
                }
            }
        }
        return files;
    }

    /** The files under the folder {@code prefix} at any depth, symbolic links followed, by path. */
    @Override
    public List<StoredObject> listAll(String prefix) throws IOException {
        List<StoredObject> files = new ArrayList<>();
        try (Stream<Path> walked = Files.walk(path(prefix), FileVisitOption.FOLLOW_LINKS)) {
            for (Path file : walked.filter(Files::isRegularFile).sorted().toList()) {
                files.add(object(file));
            }
        }
        return files;
    }

    @Override
    public StoredObject stat(String url) throws IOException {
        try {
            return object(path(url));
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /**
     * The file's size and identity: its file key (device and inode where the file system has them)
     * and modification time, which change when a file is replaced or written.
     */
    private static StoredObject object(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        String identity = attributes.fileKey() + "@" + attributes.lastModifiedTime().toMillis();
        return new StoredObject(file.toString(), attributes.size(), identity);
    }

    /**
     * The file's bytes as they are now, up to {@code length} of them from {@code offset}; a missing
     * file, or a range that starts past its end, is rejected.
     */
    @Override
    public StoredBody open(String url, long offset, long length) throws IOException {
        StoredObject file = stat(url);
        if (file == null) {
            throw new RequestRejected(url + ": no such file");
        }
        if (length >= 0 && offset >= file.length()) {
            throw new RequestRejected(
                    url + ": range from byte " + offset + " past its end (" + file.length() + ")");
        }
        FileChannel channel;
        try {
            channel = FileChannel.open(path(url), StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new RequestRejected(url + ": no such file");
        }
        long end = length < 0 ? Long.MAX_VALUE : offset + length;
        long announced = Math.min(file.length(), end) - offset;
        return new StoredBody(new FileBody(channel, offset, end), file.identity(), null, announced);
    }

    /** Writes a temporary file beside the file, creating the folder if missing. */
    @Override
    public ObjectOutput create(String url) throws IOException {
        return FileOutput.create(path(url));
    }

    @Override
    public void delete(String url) throws IOException {
        Files.deleteIfExists(path(url));
    }

    /** Deletes the temporary files of the names; a missing folder has none. */
    @Override
    public int dropUnfinished(String prefix, Predicate<String> ours) throws IOException {
        Path folder = path(prefix);
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        int dropped = 0;
        try (Stream<Path> listed = Files.list(folder)) {
            for (Path file : listed.toList()) {
                String name = file.getFileName().toString();
                if (name.startsWith(".")
                        && name.endsWith(FileOutput.TEMPORARY)
                        && ours.test(
                                name.substring(1, name.length() - FileOutput.TEMPORARY.length()))
                        && Files.deleteIfExists(file)) {
                    dropped++;
                }
            }
        }
        return dropped;
    }

    @Override
    public boolean isLocal() {
        return true;
    }

    /** Nothing to close: every read closes its own channel. */
    @Override
    public void close() {}
}
