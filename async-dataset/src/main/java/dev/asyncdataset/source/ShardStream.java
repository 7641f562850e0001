package dev.asyncdataset.source;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.shard.ResidentShards;
import dev.asyncdataset.internal.shard.ShardBuffers;
import dev.asyncdataset.internal.shard.ShardLoader;
import dev.asyncdataset.internal.shard.ShardSpans;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * One streamed epoch of a {@link TarShardSource}: item bytes are copied out of whole shards held by
 * {@link ResidentShards} (so that nothing reads a shard buffer after its fetch), and the padding
 * items are read by random access. Closing it gives the shard buffers back to the source's pool.
 */
final class ShardStream implements LabeledImageSource {

    private final TarShardSource source;
    private final ResidentShards resident;
    private final Set<Long> randomAccess = new HashSet<>();

    ShardStream(TarShardSource source, long[] items, int streamed, ShardBuffers buffers) {
        this.source = source;
        for (int i = streamed; i < items.length; i++) {
            randomAccess.add(items[i]);
        }
        ShardSpans spans = ShardSpans.of(items, streamed, source::shardOf, source.shardCount());
        this.resident = new ResidentShards(source::readShard, buffers, spans);
    }

    @Override
    public long size() {
        return source.size();
    }

    /** Waits until the shard of {@code index} is loaded (or failed to load). */
    @Override
    public void awaitReady(long index) throws InterruptedException {
        if (!randomAccess.contains(index)) {
            resident.await(source.shardOf(index));
        }
    }

    @Override
    public byte[] fetch(NDManager manager, long index) throws Exception {
        if (randomAccess.contains(index)) {
            return source.fetch(manager, index);
        }
        int shard = source.shardOf(index);
        try {
            ShardLoader.Loaded loaded = resident.acquire(shard);
            return source.image(index, loaded.bytes(), loaded.length());
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
                describe(index), "its shard could not be read: " + cause, cause);
    }

    @Override
    public long label(long index) {
        return source.label(index);
    }

    @Override
    public Record decode(NDManager manager, long index, byte[] fetched) throws BadItemException {
        return source.decode(manager, index, fetched);
    }

    @Override
    public String describe(long index) {
        return source.describe(index);
    }

    @Override
    public long retries() {
        return source.retries();
    }

    @Override
    public long integrityFailures() {
        return source.integrityFailures();
    }

    @Override
    public long residentBytes() {
        return resident.heldBytes();
    }

    @Override
    public long peakResidentBytes() {
        return resident.peakBytes();
    }

    /** Gives the shard buffers back; called once the epoch's fetches stopped. */
    @Override
    public void close() {
        resident.close();
    }
}
