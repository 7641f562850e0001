package dev.asyncdataset.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * Turns an image folder ({@code root/<class>/<file>}, read as {@link ImageFolderSource} reads it:
 * same classes and labels) into WebDataset tar shards of about a target size, the samples in a
 * seeded permutation of the folder's order ({@link ShardWriterBuilder#optSeed}, or the folder's
 * order with {@link ShardWriterBuilder#optKeepOrder}): {@code <prefix>-000000.tar,
 * <prefix>-000001.tar, ...}, each sample an image member {@code <class>/<9-digit index in the
 * folder>.<ext>} and a label member {@code .cls} (the class position, in decimal), plus a sidecar
 * index per shard ({@code <shard>.idx}) and {@code classes.txt} (one class name per line, in label
 * order). The index gives each sample's image range, its label and the CRC32C of the image's bytes,
 * against which {@link TarShardSource} checks every image it reads (by random access or streamed):
 * a flipped bit on disk or on the wire is caught even where the store has no checksum to offer.
 *
 * <p>Every file is written under a temporary name and renamed when complete, so a reader never sees
 * a partial shard. The output depends only on the input, so a rerun (after a crash, say) rewrites
 * the same shards and deletes shards of the prefix left from a larger earlier run: no sample is
 * ever duplicated.
 *
 * <pre>{@code
 * List<Path> shards = ShardWriter.builder()
 *         .setImages(Path.of("/data/train")).setOutput(Path.of("/data/train-shards")).build().write();
 * }</pre>
 */
public final class ShardWriter {

    /** The default target size of a shard: 128 MB. */
    public static final long DEFAULT_SHARD_BYTES = 128L << 20;

    /** The name of the classes file in the output folder. */
    public static final String CLASSES_FILE = "classes.txt";

    private final ShardWriterBuilder settings;

    ShardWriter(ShardWriterBuilder settings) {
        this.settings = settings;
    }

    /**
     * Returns a builder.
     *
     * @return a new builder
     */
    public static ShardWriterBuilder builder() {
        return new ShardWriterBuilder();
    }

    /**
     * Writes the shards, their indexes and the classes file.
     *
     * @return the shards written, in order
     * @throws IOException if the input cannot be read or the output cannot be written
     */
    public List<Path> write() throws IOException {
        ImageFolderSource images = ImageFolderSource.of(settings.images);
        Path output = Files.createDirectories(settings.output);
        ShardOutput.writeAtomically(
                output.resolve(CLASSES_FILE), String.join("\n", images.getClasses()) + "\n");
        List<Path> shards = new ArrayList<>();
        ShardOutput shard = null;
        try {
            for (long i : order(images.size())) {
                byte[] bytes = images.fetch(null, i);
                if (shard != null && shard.bytes() + bytes.length + 4096 > settings.shardBytes) {
                    shard.commit();
                    shard = null;
                }
                if (shard == null) {
                    shards.add(
                            output.resolve(
                                    String.format("%s-%06d.tar", settings.prefix, shards.size())));
                    shard = new ShardOutput(shards.get(shards.size() - 1));
                }
                add(shard, images, i, bytes);
            }
            if (shard != null) {
                shard.commit();
            }
        } finally {
            if (shard != null) {
                shard.close();
            }
        }
        deleteStale(output, shards.size());
        return shards;
    }

    /** The folder indices in the order they are written. */
    private long[] order(long size) {
        long[] order = LongStream.range(0, size).toArray();
        if (!settings.keepOrder) {
            CanonicalPartitions.shuffle(
                    order, 0, order.length, new SplittableRandom(settings.seed));
        }
        return order;
    }

    private static void add(ShardOutput shard, ImageFolderSource images, long i, byte[] bytes)
            throws IOException {
        String key = images.key(i);
        int slash = key.indexOf('/');
        String extension = key.substring(key.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        String name = String.format("%s/%09d", key.substring(0, slash), i);
        shard.add(name, extension, bytes, images.label(i));
    }

    /** Deletes shards (and indexes) of this prefix numbered {@code count} or more. */
    private void deleteStale(Path output, int count) throws IOException {
        Pattern shard =
                Pattern.compile(Pattern.quote(settings.prefix) + "-(\\d{6})\\.tar(\\.idx)?");
        List<Path> stale = new ArrayList<>();
        try (Stream<Path> files = Files.list(output)) {
            files.forEach(
                    p -> {
                        var m = shard.matcher(p.getFileName().toString());
                        if (m.matches() && Integer.parseInt(m.group(1)) >= count) {
                            stale.add(p);
                        }
                    });
        }
        for (Path p : stale) {
            Files.delete(p);
        }
    }
}
