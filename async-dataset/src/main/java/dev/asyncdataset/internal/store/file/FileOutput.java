package dev.asyncdataset.internal.store.file;

import dev.asyncdataset.store.ObjectOutput;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A file being written: its bytes go to a hidden temporary file beside it ({@code .<name>.tmp}),
 * which the commit forces to the disk and renames over the file at once; a close without a commit
 * deletes it.
 */
final class FileOutput implements ObjectOutput {

    /** The end of a temporary file's name. */
    static final String TEMPORARY = ".tmp";

    private final Path file;
    private final Path temporary;
    private final FileChannel channel;
    private final OutputStream stream;
    private boolean ended;

    private FileOutput(Path file, Path temporary, FileChannel channel) {
        this.file = file;
        this.temporary = temporary;
        this.channel = channel;
        this.stream = new BufferedOutputStream(Channels.newOutputStream(channel), 1 << 16);
    }

    /** Starts writing {@code file}, creating its folder if missing. */
    static FileOutput create(Path file) throws IOException {
        Path folder = Files.createDirectories(file.toAbsolutePath().getParent());
        Path temporary = folder.resolve(temporaryName(file.getFileName().toString()));
        FileChannel channel =
                FileChannel.open(
                        temporary,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING);
        return new FileOutput(file, temporary, channel);
    }

    /** The name of the temporary file of the file {@code name}. */
    private static String temporaryName(String name) {
        return "." + name + TEMPORARY;
    }

    @Override
    public OutputStream stream() {
        return stream;
    }

    /** Flushes, forces the bytes to the disk, and renames the temporary file over the file. */
    @Override
    public void commit() throws IOException {
        if (ended) {
            throw new IOException(file + ": output already ended");
        }
        stream.flush();
        channel.force(true);
        channel.close();
        Files.move(
                temporary,
                file,
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        ended = true;
    }

    /** Deletes the temporary file unless committed. */
    @Override
    public void close() throws IOException {
        if (!ended) {
            ended = true;
            channel.close();
            Files.deleteIfExists(temporary);
        }
    }
}
