package dev.asyncdataset.internal.writer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A local output folder: each file is written under a hidden temporary name ({@code .<name>.tmp})
 * and renamed into place, so that readers never see a partial file.
 */
public final class FolderShardDestination implements ShardDestination {

    private static final String TEMPORARY = ".tmp";

    private final Path folder;

    /**
     * @param folder the output folder, created if missing
     */
    public FolderShardDestination(Path folder) throws IOException {
        this.folder = Files.createDirectories(folder);
    }

    @Override
    public Pending create(String name) throws IOException {
        Path temporary = temporaryOf(name);
        OutputStream out = new BufferedOutputStream(Files.newOutputStream(temporary), 1 << 16);
        return new Pending() {
            @Override
            public OutputStream stream() {
                return out;
            }

            @Override
            public void commit() throws IOException {
                out.close();
                moveIntoPlace(temporary, name);
            }

            @Override
            public void abort() throws IOException {
                out.close();
                Files.deleteIfExists(temporary);
            }
        };
    }

    @Override
    public void put(String name, byte[] bytes) throws IOException {
        Path temporary = temporaryOf(name);
        Files.write(temporary, bytes);
        moveIntoPlace(temporary, name);
    }

    @Override
    public List<String> list() throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    @Override
    public int dropUnfinished(Predicate<String> ours) throws IOException {
        int dropped = 0;
        for (String file : list()) {
            if (file.startsWith(".")
                    && file.endsWith(TEMPORARY)
                    && ours.test(file.substring(1, file.length() - TEMPORARY.length()))
                    && Files.deleteIfExists(folder.resolve(file))) {
                dropped++;
            }
        }
        return dropped;
    }

    @Override
    public void delete(String name) throws IOException {
        Files.delete(folder.resolve(name));
    }

    @Override
    public String locate(String name) {
        return folder.resolve(name).toString();
    }

    private Path temporaryOf(String name) {
        return folder.resolve("." + name + TEMPORARY);
    }

    private void moveIntoPlace(Path temporary, String name) throws IOException {
        Files.move(
                temporary,
                folder.resolve(name),
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void close() {}
}
