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
 * Samples of any kind in WebDataset tar shards in a local folder or an S3 bucket: each sample is
 * every member sharing a key ({@code 000123.jpg}, {@code 000123.json}, {@code 000123.npy}: sample
 * {@code 000123} with parts {@code jpg}, {@code json} and {@code npy}), handed to your {@link
 * SampleDecoder} as a {@link Sample}. Built by {@code TarShardSource.builder().setUrl(url)
 * .buildSamples(decoder)}, it reads shards as {@link TarShardSource} does: folders, {@code s3://}
 * prefixes and brace patterns, streamed by default ({@link ShardedSource}) or by random access,
 * where a sample's members, adjacent in the tar, are read with one positioned read or one ranged
 * GET of their span and cut apart, never outside it.
 *
 * <p>Each shard's samples come from its sidecar index when it lists every member (version 3,
 * written by {@link ShardWriter}) and matches the shard's length, otherwise from its tar headers,
 * read once when the source is opened. Every part is checked against the CRC32C of the index: a
 * part that fails is read again as {@link TarShardSource} reads an image again. A sample that
 * breaks the WebDataset layout (a duplicate key, an unsafe or empty member, a link) fails its fetch
 * with a {@link BadItemException} naming the shard and the sample; a part the decoder needs but the
 * sample lacks, or cannot decode, fails with one naming the shard and the member ({@code <shard>
 * member <key>.<part>}), so {@code BadItemPolicy.SKIP} skips just that sample. Damaged shards are
 * left out as {@link TarShardSource}'s are ({@link #damaged()}).
 *
 * <pre>{@code
 * TarSampleSource source = TarShardSource.builder()
 *         .setUrl("s3://my-bucket/coco/train-{000000..000031}.tar")
 *         .buildSamples((manager, sample) -> new Record(
 *                 new NDList(Parts.image(manager, sample, "jpg")),
 *                 new NDList(Parts.npy(manager, sample, "boxes.npy"))));
 * }</pre>
 */
public final class TarSampleSource extends TarSource<Sample> {

    private final SampleDecoder decoder;

    private TarSampleSource(TarShards shards, SampleDecoder decoder) {
        super(shards);
        this.decoder = decoder;
    }

    /** Indexes every member of the shards of {@code store}; closes it if that fails. */
    static TarSampleSource open(ShardStore store, SampleDecoder decoder) throws IOException {
        Objects.requireNonNull(decoder, "decoder");
        return new TarSampleSource(TarShards.open(store, true), decoder);
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
