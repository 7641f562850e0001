package dev.asyncdataset.source.tar;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.io.BodyBuffers;
import dev.asyncdataset.internal.items.LabeledKeys;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.tar.ShardSample;
import dev.asyncdataset.internal.tar.TarMember;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.ShardedSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Images with labels in WebDataset tar shards of any store, as {@link TarShardSource} tells; built
 * by {@link TarShardSource#build}.
 */
final class TarImages extends TarSource<ByteBuffer> implements LabeledImageSource {

    private final LabeledKeys items;

    private TarImages(TarShards shards, List<String> classes) {
        super(shards);
        List<String> keys = shards.samples().stream().map(ShardSample::key).toList();
        long[] labels = shards.samples().stream().mapToLong(ShardSample::label).toArray();
        this.items = new LabeledKeys(classes, keys, labels);
    }

    /** Indexes the shards of {@code store}; closes it if that fails. */
    static TarImages open(ShardStore store) throws IOException {
        return open(store, null, TarShardSource.DEFAULT_PIECE_BYTES);
    }

    /**
     * Indexes the shards of {@code store} with these class names, or those of its classes file if
     * null, to be streamed in pieces of at most {@code pieceBytes}; closes it if that fails.
     */
    static TarImages open(ShardStore store, List<String> classes, long pieceBytes)
            throws IOException {
        TarShards shards = TarShards.open(store, false, pieceBytes);
        try {
            return new TarImages(shards, classes != null ? classes : store.classes());
        } catch (IOException | RuntimeException e) {
            shards.close();
            throw e;
        }
    }

    /** Where the shards' bytes come from. */
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
    @Override
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
     * Copies the image of item {@code index} from the first {@code length} bytes of its piece into
     * a recycled array, checked against its CRC32C when the index has one.
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
