package dev.asyncdataset.internal.order;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.pipeline.ReadyWait;
import dev.asyncdataset.internal.shard.ResidentShards;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.internal.shard.ShardLoader;
import dev.asyncdataset.internal.shard.ShardReads;
import dev.asyncdataset.internal.shard.ShardSpans;
import dev.asyncdataset.internal.shard.StreamableShards;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.SourceStats;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * One streamed epoch of a source of shards ({@link StreamableShards}: the tar shard sources, the
 * Parquet sources, whose shards are row groups): what an item's fetch hands on is cut out of whole
 * shards held by {@link ResidentShards} (so that nothing reads a shard buffer after its fetch), and
 * the padding items are read by random access through the source. Closing it gives the shard
 * buffers back to the source's pool.
 *
 * @param <T> what the source's fetch step hands to its decode step
 */
public class ShardStream<T> implements ItemSource<T>, ReadyWait {

    private final ShardReads shards;
    private final ItemSource<T> source;
    private final ResidentShards resident;
    private final ShardEpoch.Cut<T> cut;
    private final Set<Long> randomAccess = new HashSet<>();

    /**
     * Returns the view of one streamed epoch of {@code source}.
     *
     * @param source a source that is also {@link StreamableShards}
     * @param items the items the epoch will fetch, in read order
     * @param streamed how many leading items to read from the shards held in memory
     * @param <T> what the source's fetch step hands to its decode step
     * @return the epoch's view
     */
    @SuppressWarnings("unchecked")
    public static <T> ItemSource<T> of(ItemSource<T> source, long[] items, int streamed) {
        ShardEpoch<T> epoch = ((StreamableShards<T>) source).streamedEpoch();
        if (source instanceof LabeledImageSource labeled) {
            ShardEpoch<ByteBuffer> images = (ShardEpoch<ByteBuffer>) epoch;
            return (ItemSource<T>) new Labeled(images, labeled, items, streamed);
        }
        return new ShardStream<>(epoch, source, items, streamed);
    }

    private ShardStream(ShardEpoch<T> epoch, ItemSource<T> source, long[] items, int streamed) {
        this.shards = epoch.reads();
        this.source = source;
        for (int i = streamed; i < items.length; i++) {
            randomAccess.add(items[i]);
        }
        ShardSpans spans = ShardSpans.of(items, streamed, shards.shardOf(), shards.shardCount());
        this.resident = new ResidentShards(shards, spans);
        this.cut = epoch.cuts().start(spans.remaining().clone());
    }

    @Override
    public long size() {
        return source.size();
    }

    /** Waits until the shard of {@code index} is loaded (or failed to load). */
    @Override
    public void awaitReady(long index) throws InterruptedException {
        if (!randomAccess.contains(index)) {
            resident.await(shards.shardOf().applyAsInt(index));
        }
    }

    @Override
    public T fetch(NDManager manager, long index) throws Exception {
        if (randomAccess.contains(index)) {
            return source.fetch(manager, index);
        }
        int shard = shards.shardOf().applyAsInt(index);
        try {
            ShardLoader.Loaded loaded = resident.acquire(shard);
            return cut.cut(index, loaded.bytes(), loaded.length());
        } catch (ExecutionException e) {
            throw loadFailure(index, e.getCause());
        } finally {
            resident.release(shard);
        }
    }

    /**
     * The failure of a sample whose shard could not be read (the source's retries are behind it): a
     * bad item, so that {@code BadItemPolicy.SKIP} skips just the samples of that shard.
     */
    private BadItemException loadFailure(long index, Throwable cause) {
        return new BadItemException(
                describe(index), "its " + shards.unit() + " could not be read: " + cause, cause);
    }

    @Override
    public Record decode(NDManager manager, long index, T fetched) throws Exception {
        return source.decode(manager, index, fetched);
    }

    /**
     * Gives the value back to the source, whether it was cut here or read by random access; and to
     * the cut, if it was cut here.
     */
    @Override
    public void release(long index, T fetched) {
        source.release(index, fetched);
        if (!randomAccess.contains(index)) {
            cut.release(index, fetched);
        }
    }

    @Override
    public String describe(long index) {
        return source.describe(index);
    }

    @Override
    public List<BadItemException> damaged() {
        return source.damaged();
    }

    /** Returns the source's counts with the shard bytes this epoch holds now and at most. */
    @Override
    public SourceStats stats() {
        SourceStats of = source.stats();
        return new SourceStats(
                of.retries(),
                of.cacheHits(),
                of.cacheMisses(),
                of.integrityFailures(),
                resident.heldBytes(),
                resident.peakBytes());
    }

    /** Gives the shard buffers back and ends the cut; called once the epoch's fetches stopped. */
    @Override
    public void close() {
        resident.close();
        cut.end();
    }

    /** The streamed epoch of an image-classification source, which keeps its labels at hand. */
    private static final class Labeled extends ShardStream<ByteBuffer>
            implements LabeledImageSource {

        private final LabeledImageSource source;

        private Labeled(
                ShardEpoch<ByteBuffer> epoch,
                LabeledImageSource source,
                long[] items,
                int streamed) {
            super(epoch, source, items, streamed);
            this.source = source;
        }

        @Override
        public long label(long index) {
            return source.label(index);
        }
    }
}
