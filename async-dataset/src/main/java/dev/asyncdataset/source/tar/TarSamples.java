package dev.asyncdataset.source.tar;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.items.SampleRecords;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.tar.ShardSample;
import dev.asyncdataset.internal.tar.TarMember;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ShardedSource;
import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Samples of any kind in WebDataset tar shards of any store, as {@link TarShardSource} tells; built
 * by {@link TarShardSource#buildSamples}.
 */
final class TarSamples extends TarSource<Sample> {

    private final SampleDecoder decoder;

    private TarSamples(TarShards shards, SampleDecoder decoder) {
        super(shards);
        this.decoder = decoder;
    }

    /** Indexes every member of the shards of {@code store}; closes it if that fails. */
    static TarSamples open(ShardStore store, SampleDecoder decoder) throws IOException {
        return open(store, decoder, TarShardSource.DEFAULT_PIECE_BYTES);
    }

    /**
     * Indexes every member of the shards of {@code store}, to be streamed in pieces of at most
     * {@code pieceBytes}; closes it if that fails.
     */
    static TarSamples open(ShardStore store, SampleDecoder decoder, long pieceBytes)
            throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        return new TarSamples(TarShards.open(store, true, pieceBytes), decoder);
    }

    /**
     * Reads every part of sample {@code index} with one positioned read or one ranged GET of their
     * span, each checked against its CRC32C when the index has one.
     */
    @Override
    public Sample fetch(NDManager manager, long index) throws IOException {
        ShardSample sample = shards.sample(index).check();
        return shards.fetch(index, members(sample), (bytes, base) -> parts(sample, bytes, base));
    }

    /**
     * {@inheritDoc}
     *
     * <p>The shards are read into buffers of the largest shard's length, which this source keeps
     * and reuses across epochs (see {@link ShardedSource} for how many an epoch holds).
     *
     * <p>Public for the reason {@link TarShardSource#streamedEpoch} is.
     */
    @Override
    public ShardEpoch<Sample> streamedEpoch() {
        return new ShardEpoch<>(shards.reads(), this::cut);
    }

    /** Cuts the parts of sample {@code index} from the first {@code length} bytes of its shard. */
    private Sample cut(long index, byte[] shard, int length) throws IOException {
        ShardSample sample = shards.sample(index).check();
        return shards.cut(
                index, members(sample), shard, length, (bytes, base) -> parts(sample, bytes, base));
    }

    private static Collection<TarMember> members(ShardSample sample) {
        return sample.parts().values();
    }

    private static Sample parts(ShardSample sample, byte[] bytes, long base) {
        Map<String, byte[]> parts = new HashMap<>();
        for (Map.Entry<String, TarMember> part : sample.parts().entrySet()) {
            parts.put(part.getKey(), TarShards.slice(bytes, base, part.getValue()));
        }
        return new Sample(sample.key(), parts);
    }

    /**
     * Applies the decoder to the sample; a null record is an error naming the sample, and a bad
     * part ({@link BadItemException}, keyed {@code key.part}) is reported naming its shard too.
     */
    @Override
    public Record decode(NDManager manager, long index, Sample fetched) throws Exception {
        try {
            return SampleRecords.decode(decoder, manager, fetched, describe(index));
        } catch (BadItemException e) {
            String member = shards.sample(index).shard() + " member " + e.getKey();
            String prefix = e.getKey() + ": ";
            String problem = e.getMessage().replaceFirst("^" + Pattern.quote(prefix), "");
            throw new BadItemException(member, problem, e);
        }
    }
}
