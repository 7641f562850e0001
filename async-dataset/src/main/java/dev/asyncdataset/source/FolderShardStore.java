package dev.asyncdataset.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Tar shards in local files, read with positioned reads of one open channel per shard. */
final class FolderShardStore implements ShardStore {

    private final List<Path> shards;
    private final List<FileChannel> channels;
    private final List<String> classes;

    private FolderShardStore(List<Path> shards, List<FileChannel> channels, List<String> classes) {
        this.shards = shards;
        this.channels = channels;
        this.classes = classes;
    }

    /**
     * Opens the {@code .tar} files of {@code folder} in name order, or the names {@code pattern}
     * expands to (null for all), with the class names of the folder's classes file if it has one.
     */
    static FolderShardStore open(Path folder, String pattern) throws IOException {
        List<Path> shards;
        if (pattern != null) {
            shards = BracePattern.expand(pattern).stream().map(folder::resolve).toList();
        } else {
            try (Stream<Path> files = Files.list(folder)) {
                shards =
                        files.filter(p -> p.getFileName().toString().endsWith(".tar"))
                                .sorted()
                                .toList();
            }
        }
        if (shards.isEmpty()) {
            throw new IllegalArgumentException(folder + " holds no .tar shard");
        }
        Path classes = folder.resolve(ShardWriter.CLASSES_FILE);
        return open(shards, Files.exists(classes) ? Files.readAllLines(classes) : List.of());
    }

    /** Opens {@code shards}, which must all exist, with these class names. */
    static FolderShardStore open(List<Path> shards, List<String> classes) throws IOException {
        List<FileChannel> channels = new ArrayList<>();
        try {
            for (Path shard : shards) {
                channels.add(ByteRanges.open(shard));
            }
        } catch (IOException | RuntimeException e) {
            closeAll(channels);
            throw e;
        }
        return new FolderShardStore(List.copyOf(shards), channels, List.copyOf(classes));
    }

    @Override
    public List<String> names() {
        return shards.stream().map(Path::toString).toList();
    }

    @Override
    public long length(int shard) throws IOException {
        return channels.get(shard).size();
    }

    @Override
    public byte[] read(int shard, long offset, int length) throws IOException {
        return ByteRanges.readFile(channels.get(shard), offset, length);
    }

    @Override
    public byte[] readShard(int shard) throws IOException {
        long length = length(shard);
        if (length > Integer.MAX_VALUE - 8) {
            throw new IOException(shards.get(shard) + " has " + length + " bytes, over 2 GiB");
        }
        return read(shard, 0, (int) length);
    }

    @Override
    public byte[] sidecar(int shard) throws IOException {
        Path index = Path.of(shards.get(shard) + ShardIndexFile.SUFFIX);
        return Files.exists(index) ? Files.readAllBytes(index) : null;
    }

    @Override
    public List<String> classes() {
        return classes;
    }

    @Override
    public void close() {
        closeAll(channels);
    }

    /** Closes every channel, then reports the first failure. */
    private static void closeAll(List<FileChannel> channels) {
        IOException failure = null;
        for (FileChannel channel : channels) {
            try {
                channel.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw new UncheckedIOException(failure);
        }
    }
}
