package dev.asyncdataset.internal.shard;

import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.ByteRanges;
import dev.asyncdataset.internal.io.IntegrityException;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Tar shards in local files, each read with a positioned read of a channel opened for that read. A
 * channel of its own per read, because an interrupted read closes its channel: the loader
 * interrupts fetches when an epoch ends early, and a shared channel would then fail every later
 * read of the shard.
 */
public final class FolderShardStore implements ShardStore {

    /** The most bytes of one read of a whole shard. */
    static final int CHUNK = 1 << 20;

    private final List<Path> shards;
    private final long[] lengths;
    private final List<String> classes;

    private FolderShardStore(List<Path> shards, long[] lengths, List<String> classes) {
        this.shards = shards;
        this.lengths = lengths;
        this.classes = classes;
    }

    /**
     * Opens the {@code .tar} files of {@code folder} in name order, with the class names of the
     * folder's classes file if it has one.
     */
    public static FolderShardStore open(Path folder) throws IOException {
        List<Path> shards;
        try (Stream<Path> files = Files.list(folder)) {
            shards =
                    files.filter(p -> p.getFileName().toString().endsWith(".tar"))
                            .sorted()
                            .toList();
        }
        if (shards.isEmpty()) {
            throw new IllegalArgumentException(folder + " holds no .tar shard");
        }
        return open(shards, classes(folder));
    }

    /** The class names of {@code folder}'s classes file, or an empty list if it has none. */
    public static List<String> classes(Path folder) throws IOException {
        Path classes = folder.resolve(CLASSES_FILE);
        return Files.exists(classes) ? Files.readAllLines(classes) : List.of();
    }

    /** Opens {@code shards}, which must all exist and be readable, with these class names. */
    public static FolderShardStore open(List<Path> shards, List<String> classes)
            throws IOException {
        long[] lengths = new long[shards.size()];
        for (int i = 0; i < lengths.length; i++) {
            try (FileChannel channel = ByteRanges.open(shards.get(i))) {
                lengths[i] = channel.size();
            }
        }
        return new FolderShardStore(List.copyOf(shards), lengths, List.copyOf(classes));
    }

    @Override
    public List<String> names() {
        return shards.stream().map(Path::toString).toList();
    }

    @Override
    public long length(int shard) {
        return lengths[shard];
    }

    /** Reads once: a file read again gives the same bytes, so bytes failing the check are bad. */
    @Override
    public byte[] read(int shard, long offset, int length, BytesCheck check) throws IOException {
        byte[] bytes;
        try (FileChannel channel = ByteRanges.open(shards.get(shard))) {
            bytes = ByteRanges.readFile(channel, offset, length);
        }
        try {
            check.verify(bytes);
        } catch (IntegrityException e) {
            throw new BadItemException(shards.get(shard).toString(), e.getMessage(), e);
        }
        return bytes;
    }

    /**
     * Reads the file as it is now, up to its length when opened: a shard cut since loses only the
     * samples past the cut. Positioned reads of at most {@link #CHUNK} bytes each, so that the
     * channel's temporary direct buffer (kept per carrier thread by the JDK) stays that small.
     */
    @Override
    public int readShard(int shard, byte[] into) throws IOException {
        if (lengths[shard] > into.length) {
            throw new IOException(
                    shards.get(shard) + " has " + lengths[shard] + " bytes, over 2 GiB");
        }
        try (FileChannel channel = ByteRanges.open(shards.get(shard))) {
            int length = (int) Math.min(lengths[shard], channel.size());
            int at = 0;
            while (at < length) {
                int n = channel.read(ByteBuffer.wrap(into, at, Math.min(CHUNK, length - at)), at);
                if (n < 0) {
                    break;
                }
                at += n;
            }
            return at;
        }
    }

    @Override
    public byte[] sidecar(int shard, BytesCheck check) throws IOException {
        Path index = Path.of(shards.get(shard) + ShardIndexFile.SUFFIX);
        return Files.exists(index) ? Files.readAllBytes(index) : null;
    }

    @Override
    public List<String> classes() {
        return classes;
    }

    /** Nothing to close: every read closes its own channel. */
    @Override
    public void close() {}
}
