package dev.asyncdataset.source;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Images in WebDataset tar shards in a local folder, read by random access: item {@code i} is the
 * {@code i}-th sample in shard-name order then archive order, and {@link #fetch} reads its image
 * with one positioned read of the member's byte range, never outside it. Each shard's samples come
 * from its sidecar index ({@code <shard>.idx}, written by {@link ShardWriter}) when it matches the
 * shard's length, otherwise from reading the tar headers once, when the source is opened. Items
 * decode as {@link ImageFolderSource}'s do: an HWC uint8 RGB image and an int64 scalar label.
 *
 * <p>A shard whose structure is broken (truncated, bad checksum, not a tar) fails {@link #of} with
 * {@link BadItemException} naming it. A sample that breaks the WebDataset layout (no image, no
 * label, a duplicate key, an unsafe or empty member, a link or device) stays an item whose fetch
 * throws {@link BadItemException} naming the shard and the sample, so {@code BadItemPolicy.SKIP}
 * skips just that sample.
 *
 * <pre>{@code
 * TarShardSource source = TarShardSource.of(Path.of("/data/train-shards"));
 * ConcurrentDataset dataset = ConcurrentDataset.builder().setSource(source).setSampling(64, true).build();
 * }</pre>
 */
public final class TarShardSource implements LabeledImageSource {

    private final List<ShardSample> samples;
    private final int[] shardOf;
    private final List<FileChannel> channels;
    private final LabeledKeys items;

    private TarShardSource(
            List<ShardSample> samples,
            int[] shardOf,
            List<FileChannel> channels,
            List<String> classes) {
        this.samples = samples;
        this.shardOf = shardOf;
        this.channels = channels;
        List<String> keys = samples.stream().map(ShardSample::key).toList();
        long[] labels = samples.stream().mapToLong(ShardSample::label).toArray();
        this.items = new LabeledKeys(classes, keys, labels);
    }

    /**
     * Opens the {@code .tar} shards of {@code folder}, in name order, with the class names of its
     * {@code classes.txt} if there is one.
     *
     * @param folder the folder holding the shards
     * @return the source
     * @throws BadItemException if a shard is damaged or not a tar archive
     * @throws IOException if the folder or a shard cannot be read
     * @throws IllegalArgumentException if the folder holds no {@code .tar} file
     */
    public static TarShardSource of(Path folder) throws IOException {
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
        Path classes = folder.resolve(ShardWriter.CLASSES_FILE);
        return of(shards, Files.exists(classes) ? Files.readAllLines(classes) : List.of());
    }

    /**
     * Opens the given shards, in the given order.
     *
     * @param shards the {@code .tar} files
     * @param classes the class names in label order, or an empty list
     * @return the source
     * @throws BadItemException if a shard is damaged or not a tar archive
     * @throws IOException if a shard cannot be read
     */
    public static TarShardSource of(List<Path> shards, List<String> classes) throws IOException {
        List<ShardSample> samples = new ArrayList<>();
        List<Integer> shardOf = new ArrayList<>();
        List<FileChannel> channels = new ArrayList<>();
        try {
            for (Path shard : shards) {
                FileChannel channel = ByteRanges.open(shard);
                channels.add(channel);
                for (ShardSample sample : samplesOf(shard, channel)) {
                    samples.add(sample);
                    shardOf.add(channels.size() - 1);
                }
            }
        } catch (IOException | RuntimeException e) {
            closeAll(channels);
            throw e;
        }
        int[] shardOfArray = shardOf.stream().mapToInt(Integer::intValue).toArray();
        return new TarShardSource(samples, shardOfArray, channels, classes);
    }

    private static List<ShardSample> samplesOf(Path shard, FileChannel channel) throws IOException {
        String name = shard.toString();
        long length = channel.size();
        Path index = Path.of(name + ShardIndexFile.SUFFIX);
        if (Files.exists(index)) {
            List<ShardSample> indexed =
                    ShardIndexFile.parse(name, length, Files.readAllBytes(index));
            if (indexed != null) {
                return indexed;
            }
        }
        ByteRanges in = (offset, size) -> ByteRanges.readFile(channel, offset, size);
        return ShardSamples.group(name, TarIndex.read(name, length, in), in);
    }

    /**
     * Returns the class names read from {@code classes.txt}, empty if there was none.
     *
     * @return the class names in label order
     */
    public List<String> getClasses() {
        return items.classes();
    }

    /**
     * Returns the number of shards.
     *
     * @return the shard count
     */
    public int shardCount() {
        return channels.size();
    }

    @Override
    public long size() {
        return samples.size();
    }

    @Override
    public byte[] fetch(NDManager manager, long index) throws IOException {
        int i = Math.toIntExact(index);
        ShardSample sample = samples.get(i).check();
        FileChannel channel = channels.get(shardOf[i]);
        return ByteRanges.readFile(channel, sample.image().offset(), (int) sample.image().size());
    }

    @Override
    public long label(long index) {
        return items.label(index);
    }

    @Override
    public Record decode(NDManager manager, long index, byte[] fetched) throws BadItemException {
        return items.decode(manager, index, fetched, describe(index));
    }

    /** Returns the shard and the sample key of item {@code index}. */
    @Override
    public String describe(long index) {
        return samples.get(Math.toIntExact(index)).describe();
    }

    /** Closes the shard files. */
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
