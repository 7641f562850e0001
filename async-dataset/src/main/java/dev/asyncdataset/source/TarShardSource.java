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
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Images in WebDataset tar shards in a local folder. Item {@code i} is the {@code i}-th sample in
 * shard-name order then archive order. {@code ConcurrentDataset} streams this source by default
 * ({@link ShardedSource}): each epoch reads every shard whole once, in the order of {@link
 * ShuffleWindows}, and cuts the items out of the bytes held in memory. With {@code
 * optRandomAccess()}, or for a split, {@link #fetch} reads an item's image with one positioned read
 * of the member's byte range instead, never outside it. Each shard's samples come from its sidecar
 * index ({@code <shard>.idx}, written by {@link ShardWriter}) when it matches the shard's length,
 * otherwise from reading the tar headers once, when the source is opened. Items decode as {@link
 * ImageFolderSource}'s do: an HWC uint8 RGB image and an int64 scalar label.
 *
 * <p>A shard whose structure is broken (truncated, bad checksum, not a tar) fails {@link #of} with
 * {@link BadItemException} naming it. A sample that breaks the WebDataset layout (no image, no
 * label, a duplicate key, an unsafe or empty member, a link or device) stays an item whose fetch
 * throws {@link BadItemException} naming the shard and the sample, so {@code BadItemPolicy.SKIP}
 * skips just that sample. A shard that cannot be read whole while streaming (gone, unreadable)
 * fails each of its samples with a {@link BadItemException} naming the shard, so {@code SKIP} skips
 * just that shard's samples.
 *
 * <pre>{@code
 * TarShardSource source = TarShardSource.of(Path.of("/data/train-shards"));
 * ConcurrentDataset dataset = ConcurrentDataset.builder().setSource(source).setSampling(64, true).build();
 * }</pre>
 */
public final class TarShardSource implements ShardedSource<byte[]>, LabeledImageSource {

    /** The largest shard that streaming reads whole: the largest Java array. */
    static final long MAX_SHARD_BYTES = Integer.MAX_VALUE - 8;

    private final List<ShardSample> samples;
    private final int[] shardOf;
    private final List<Path> shards;
    private final List<FileChannel> channels;
    private final LabeledKeys items;

    private TarShardSource(
            List<ShardSample> samples,
            int[] shardOf,
            List<Path> shards,
            List<FileChannel> channels,
            List<String> classes) {
        this.samples = samples;
        this.shardOf = shardOf;
        this.shards = List.copyOf(shards);
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
        return new TarShardSource(samples, shardOfArray, shards, channels, classes);
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
    public long[] shardSizes() {
        long[] sizes = new long[shardCount()];
        for (int shard : shardOf) {
            sizes[shard]++;
        }
        return sizes;
    }

    @Override
    public ItemSource<byte[]> streamed(long[] order, int streamed) {
        return new ShardStream(this, order, streamed);
    }

    /** Returns the shard holding item {@code index}. */
    int shardOf(long index) {
        return shardOf[Math.toIntExact(index)];
    }

    /**
     * Reads shard {@code shard} whole, with a channel of its own (an interrupted read closes only
     * that one).
     */
    byte[] readShard(int shard) throws IOException {
        Path file = shards.get(shard);
        long length = Files.size(file);
        if (length > MAX_SHARD_BYTES) {
            throw new IOException(
                    file
                            + " has "
                            + length
                            + " bytes, more than a streamed shard may hold ("
                            + MAX_SHARD_BYTES
                            + "): read it by random access");
        }
        return Files.readAllBytes(file);
    }

    /** Cuts the image of item {@code index} from the bytes of its whole shard. */
    byte[] image(long index, byte[] shard) throws BadItemException {
        ShardSample sample = samples.get(Math.toIntExact(index)).check();
        long end = sample.image().offset() + sample.image().size();
        if (end > shard.length) {
            throw new BadItemException(
                    describe(index),
                    "its image runs to byte " + end + " but the shard now has " + shard.length,
                    null);
        }
        return Arrays.copyOfRange(shard, (int) sample.image().offset(), (int) end);
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
