package dev.asyncdataset.source;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * One shard being written: a tar under a temporary name in the output folder, renamed into place
 * with its sidecar index once complete, so that readers never see a partial shard.
 */
final class ShardOutput implements AutoCloseable {

    private final Path target;
    private final Path temporary;
    private final OutputStream out;
    private final TarWriter tar;
    private final List<ShardSample> samples = new ArrayList<>();

    ShardOutput(Path target) throws IOException {
        this.target = target;
        this.temporary = temporaryOf(target);
        this.out = new BufferedOutputStream(Files.newOutputStream(temporary), 1 << 16);
        this.tar = new TarWriter(out);
    }

    /**
     * Appends a sample: its image under {@code key.extension} and its label under {@code key.cls}.
     */
    void add(String key, String extension, byte[] image, long label) throws IOException {
        TarMember member = tar.add(key + "." + extension, image);
        tar.add(key + ".cls", Long.toString(label).getBytes(StandardCharsets.US_ASCII));
        samples.add(
                new ShardSample(target.getFileName().toString(), key, member, label, null, null));
    }

    /** The bytes the shard holds so far. */
    long bytes() {
        return tar.position();
    }

    boolean isEmpty() {
        return samples.isEmpty();
    }

    /** Ends the archive, renames it into place, then writes its index the same way. */
    void commit() throws IOException {
        tar.finish();
        out.close();
        long length = Files.size(temporary);
        Files.move(
                temporary,
                target,
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        Path index = target.resolveSibling(target.getFileName() + ShardIndexFile.SUFFIX);
        writeAtomically(index, ShardIndexFile.format(length, samples));
    }

    /** Writes {@code text} to {@code file} under a temporary name, then renames it. */
    static void writeAtomically(Path file, String text) throws IOException {
        Path temporary = temporaryOf(file);
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(
                temporary,
                file,
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    private static Path temporaryOf(Path file) {
        return file.resolveSibling("." + file.getFileName() + ".tmp");
    }

    /** Deletes the temporary file of an abandoned shard. */
    @Override
    public void close() throws IOException {
        out.close();
        Files.deleteIfExists(temporary);
    }
}
