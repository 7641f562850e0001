package dev.asyncdataset.source;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ExecutionException;

/**
 * One streamed epoch of a {@link TarShardSource}: item bytes are cut from whole shards held by
 * {@link ResidentShards}; the padding items are read by random access.
 */
final class ShardStream implements LabeledImageSource {

    private final TarShardSource source;
    private final ResidentShards resident;
    private final Set<Long> randomAccess = new HashSet<>();

    ShardStream(TarShardSource source, long[] items, int streamed) {
        this.source = source;
        int[] perShard = new int[source.shardCount()];
        for (int i = 0; i < items.length; i++) {
            if (i < streamed) {
                perShard[source.shardOf(items[i])]++;
            } else {
                randomAccess.add(items[i]);
            }
        }
        this.resident = new ResidentShards(source::readShard, perShard);
    }

    @Override
    public long size() {
        return source.size();
    }

    @Override
    public byte[] fetch(NDManager manager, long index) throws Exception {
        if (randomAccess.contains(index)) {
            return source.fetch(manager, index);
        }
        int shard = source.shardOf(index);
        try {
            return source.image(index, resident.acquire(shard));
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
}
