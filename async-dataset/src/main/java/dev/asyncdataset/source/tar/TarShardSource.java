package dev.asyncdataset.source.tar;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.items.LabeledKeys;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.internal.tar.ShardSample;
import dev.asyncdataset.internal.tar.TarMember;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.source.SourceStats;
import dev.asyncdataset.source.folder.ImageFolderSource;
import dev.asyncdataset.source.s3.S3Source;
import dev.asyncdataset.store.file.FileStore;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;

/**
 * Images in WebDataset tar shards in a local folder or an S3 bucket. Item {@code i} is the {@code
 * i}-th sample in shard order then archive order. {@code ConcurrentDataset} streams this source by
 * default ({@link ShardedSource}): each epoch reads every shard whole once, in its shuffled order
 * of shards and windows, and cuts the items out of the bytes held in memory. With {@code
 * optRandomAccess()}, or for a split, {@link #fetch} reads an item's image with one positioned read
 * or one ranged GET of the member's byte range instead, never outside it. Each shard's samples come
 * from its sidecar index ({@code <shard>.idx}, written by {@link ShardWriter}) when it matches the
 * shard's length, otherwise from reading the tar headers once, when the source is opened. Items
 * decode as {@link ImageFolderSource}'s do: an HWC uint8 RGB image and an int64 scalar label.
 *
 * <p>On S3 every GET is retried as {@link S3Source}'s are, with the same options ({@link
 * TarShardSourceBuilder#optS3}), and counted in {@link SourceStats#retries()}.
 *
 * <p><b>Integrity.</b> {@link ShardWriter}'s index records the CRC32C of each image; every read of
 * an image, by random access or cut from a streamed shard, is checked against it. By random access
 * on S3 an image that fails is a transient failure, read again within the retry budget (counted in
 * {@link SourceStats#retries()} and {@link SourceStats#integrityFailures()} of {@link #stats()})
 * and a {@link BadItemException} naming the shard and the member once the budget is spent; from a
 * folder, where a second read gives the same bytes, it is at once such a bad item. An image failing
 * its CRC in a streamed shard is read again by itself, as by random access. Whole shards on S3 are
 * also checked against the store's checksum (MD5 ETag or additional checksum) as {@link S3Source}'s
 * objects are. Images have no CRC to be checked against when the index was written before the CRC
 * was recorded (version 1) or when there is no index and the samples come from the tar headers:
 * then only a streamed shard's store checksum, if any, protects them.
 *
 * <p>A shard whose structure is broken (truncated, bad header checksum, not a tar, an index that is
 * still malformed when read again: from a store, it is read again within the retry budget until two
 * reads give the same bytes) is left out when the source is opened and kept in {@link #damaged()}:
 * {@code ConcurrentDataset} then fails with its {@link BadItemException} under {@code
 * BadItemPolicy.FAIL}, or goes on without its samples under {@code SKIP}, naming it once in a
 * warning. A sample that breaks the WebDataset layout (no image, no label, a duplicate key, an
 * unsafe or empty member, a link or device) stays an item whose fetch throws {@link
 * BadItemException} naming the shard and the sample, so {@code BadItemPolicy.SKIP} skips just that
 * sample. A shard that cannot be read whole while streaming (gone, unreadable) fails each of its
 * samples with a {@link BadItemException} naming the shard, so {@code SKIP} skips just that shard's
 * samples.
 *
 * <pre>{@code
 * TarShardSource source = TarShardSource.builder()
 *         .setUrl("s3://my-bucket/shards/train-{000000..000146}.tar")
 *         .optS3(S3Source.builder().optMaxConnections(64).buildOptions())
 *         .build();
 * ConcurrentDataset dataset = ConcurrentDataset.builder().setSource(source).setSampling(64, true).build();
 * }</pre>
 */
public final class TarShardSource extends TarSource<ByteBuffer> implements LabeledImageSource {

    private final LabeledKeys items;

    private TarShardSource(TarShards shards, List<String> classes) {
        super(shards);
        List<String> keys = shards.samples().stream().map(ShardSample::key).toList();
        long[] labels = shards.samples().stream().mapToLong(ShardSample::label).toArray();
        this.items = new LabeledKeys(classes, keys, labels);
    }

    /**
     * Creates a builder; {@link TarShardSourceBuilder#setUrl} is required.
     *
     * @return a new builder
     */
    public static TarShardSourceBuilder builder() {
        return new TarShardSourceBuilder();
    }

    /**
     * Opens the {@code .tar} shards of {@code folder}, in name order, with the class names of its
     * {@code classes.txt} if there is one.
     *
     * @param folder the folder holding the shards
     * @return the source
     * @throws IOException if the folder or a shard cannot be read
     * @throws IllegalArgumentException if the folder holds no {@code .tar} file
     */
    public static TarShardSource of(Path folder) throws IOException {
        return open(files(folder + "/", null));
    }

    /**
     * Opens the given shards, in the given order.
     *
     * @param shards the {@code .tar} files
     * @param classes the class names in label order, or an empty list
     * @return the source
     * @throws IOException if a shard cannot be read
     */
    public static TarShardSource of(List<Path> shards, List<String> classes) throws IOException {
        List<String> files = shards.stream().map(Path::toString).toList();
        if (files.isEmpty()) {
            throw new IllegalArgumentException("the list names no shard");
        }
        return open(
                files(Path.of(files.get(0)).toAbsolutePath().getParent() + "/", files), classes);
    }

    /** The shards of local files, read once. */
    static ShardStore files(String folder, List<String> shards) throws IOException {
        return StoredShards.open(FileStore.INSTANCE, folder, shards, null, null, null);
    }

    /** Indexes the shards of {@code store}; closes it if that fails. */
    static TarShardSource open(ShardStore store) throws IOException {
        return open(store, null);
    }

    /**
     * Indexes the shards of {@code store} with these class names, or those of its classes file if
     * null; closes it if that fails.
     */
    private static TarShardSource open(ShardStore store, List<String> classes) throws IOException {
        TarShards shards = TarShards.open(store, false);
        try {
            return new TarShardSource(shards, classes != null ? classes : store.classes());
        } catch (IOException | RuntimeException e) {
            shards.close();
            throw e;
        }
    }

    /** Where the shards' bytes come from, for readers of whole shards. */
    ShardStore store() {
        return shards.store();
    }

    /** The shard holding item {@code index}. */
    int shardOf(long index) {
        return shards.shardOf(index);
    }

    /** The sample of item {@code index}: its members' ranges in its shard, its label. */
    ShardSample sample(long index) {
        return shards.sample(index);
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
     * Reads the image of item {@code index} with one positioned read or one ranged GET, checked
     * against its CRC32C when the index has one.
     */
    @Override
    public ByteBuffer fetch(NDManager manager, long index) throws IOException {
        TarMember image = sample(index).image();
        return shards.fetch(
                index,
                List.of(image),
                (bytes, base) -> ByteBuffer.wrap(TarShards.slice(bytes, base, image)));
    }

    /**
     * {@inheritDoc}
     *
     * <p>The shards are read into buffers of the largest shard's length, which this source keeps
     * and reuses across epochs (see {@link ShardedSource} for how many an epoch holds). Each image
     * is copied out of its shard's buffer once, into a recycled array of the library's shared pool
     * that {@link #release} gives back, so that the shard's buffer can be reused as soon as its
     * items are fetched.
     *
     * <p>Public only because the loader, in another package, streams an epoch through it: the tar
     * sources implement the loader's {@code internal.shard.StreamableShards}, whose methods are
     * public. A training loop never needs to call it.
     */
    @Override
    public ShardEpoch<ByteBuffer> streamedEpoch() {
        return new ShardEpoch<>(shards.reads(), this::image);
    }

    /**
     * Copies the image of item {@code index} from the first {@code length} bytes of its whole shard
     * into a recycled array, checked against its CRC32C when the index has one.
     */
    private ByteBuffer image(long index, byte[] shard, int length) throws IOException {
        TarMember image = sample(index).image();
        return shards.cut(
                index,
                List.of(image),
                shard,
                length,
                (bytes, base) -> TarShards.copy(bytes, base, image, BodyBuffers.shared()));
    }

    @Override
    public long label(long index) {
        return items.label(index);
    }

    @Override
    public Record decode(NDManager manager, long index, ByteBuffer fetched)
            throws BadItemException {
        return items.decode(manager, index, fetched, describe(index));
    }

    /** Gives a streamed image's array back to the pool (a random-access read's has none). */
    @Override
    public void release(long index, ByteBuffer fetched) {
        BodyBuffers.shared().give(fetched);
    }
}
