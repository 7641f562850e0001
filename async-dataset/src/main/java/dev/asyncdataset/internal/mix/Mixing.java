package dev.asyncdataset.internal.mix;

import dev.asyncdataset.internal.decode.ItemSeeds;
import dev.asyncdataset.internal.order.EpochSampler;
import dev.asyncdataset.internal.order.GlobalOrder;
import dev.asyncdataset.internal.order.ShardStream;
import dev.asyncdataset.internal.pipeline.LoaderSpec;
import dev.asyncdataset.internal.shard.ShuffleWindows;
import dev.asyncdataset.internal.shard.StreamableShards;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.ShardedSource;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongToIntFunction;

/**
 * The epochs of a mix ({@link MixedSource}): a deterministic interleave ({@link MixInterleave}) of
 * per-source sequences. Each source keeps its own order: passes over its items, every item once per
 * pass, each pass shuffled from (seed, epoch, source, pass) (a {@link ShardedSource} read in
 * streaming in its shuffle windows, {@link ShuffleWindows}); a source that gives {@code c} items of
 * {@code n} gives {@code c / n} full passes, then the first {@code c % n} items of one more, so an
 * upsampled source gives every item {@code k} times before any {@code k + 1} times, and a
 * downsampled one a different part each epoch. The mix decides only which source each position
 * draws from. Ranks take interleaved positions of that one order ({@link GlobalOrder}), so a saved
 * position resumes at any world size. The order depends on the world size only through {@code
 * partitions}, which a streamed source's order uses and whose default is the world size (a resumed
 * run takes the saved value). A rank reads each pass of a streamed source through a view of its
 * own, which reads each shard of the pass whole once.
 *
 * @param mix the mixed sources
 * @param sampler batch size, shuffling, rank and world size
 * @param windowShards the shards of one shuffle window of a streamed source
 * @param partitions the canonical partitions of a streamed source
 * @param randomAccess whether sharded sources are read by random access instead of streamed
 */
public record Mixing(
        MixedSource<?> mix,
        EpochSampler sampler,
        int windowShards,
        int partitions,
        boolean randomAccess)
        implements GlobalOrder {

    @Override
    public Epoch epoch(LoaderSpec spec, long epoch, long position) {
        long[] counts = mix.counts();
        MixInterleave interleave = new MixInterleave(counts, spec.seed(), sampler.shuffle());
        MixInterleave.Rank rank =
                interleave.rank(
                        epoch,
                        position,
                        sampler.rank(),
                        sampler.worldSize(),
                        sampler.dropRemainder());
        MixedEpoch<?> view = view(rank, spec.seed(), epoch, position);
        long[] items = new long[rank.source().length];
        for (int k = 0; k < items.length; k++) {
            items[k] = view.positionOf(k);
        }
        return Epoch.of(spec.withSource(view, view), items, position, sampler);
    }

    @Override
    public long position(long start, long batches) {
        long total = 0;
        for (long count : mix.counts()) {
            total += count;
        }
        long taken = batches * sampler.batchSize() * sampler.worldSize();
        return Math.min(total, start + taken);
    }

    /** Resolves the rank's items to the sources' own items and the readers that fetch them. */
    private MixedEpoch<?> view(MixInterleave.Rank rank, long seed, long epoch, long position) {
        int sources = mix.sources().size();
        List<PassOrders> orders = new ArrayList<>();
        for (int s = 0; s < sources; s++) {
            orders.add(new PassOrders(mix.sources().get(s), ItemSeeds.mix(seed, s, -2), epoch));
        }
        int count = rank.source().length;
        long[] local = new long[count];
        int[] reader = new int[count];
        Map<Long, List<Integer>> passes = new LinkedHashMap<>();
        for (int k = 0; k < count; k++) {
            int s = rank.source()[k];
            long n = mix.sources().get(s).size();
            long j = rank.occurrence()[k];
            local[k] = orders.get(s).pass(j / n)[(int) (j % n)];
            reader[k] = s;
            if (k < rank.own() && orders.get(s).streamed()) {
                passes.computeIfAbsent(s * (1L << 32) + j / n, key -> new ArrayList<>()).add(k);
            }
        }
        List<ItemSource<?>> readers = new ArrayList<>(mix.sources());
        List<Integer> readerSource = new ArrayList<>();
        for (int s = 0; s < sources; s++) {
            readerSource.add(s);
        }
        List<ItemSource<?>> views = new ArrayList<>();
        for (Map.Entry<Long, List<Integer>> pass : passes.entrySet()) {
            int s = (int) (pass.getKey() >>> 32);
            long[] items = pass.getValue().stream().mapToLong(k -> local[k]).toArray();
            ItemSource<?> streamed = ShardStream.of(mix.sources().get(s), items, items.length);
            views.add(streamed);
            for (int k : pass.getValue()) {
                reader[k] = readers.size();
            }
            readers.add(streamed);
            readerSource.add(s);
        }
        return MixedEpoch.of(
                mix,
                new MixedEpoch.Readers(
                        readers,
                        readerSource.stream().mapToInt(Integer::intValue).toArray(),
                        views),
                reader,
                local,
                new MixedEpoch.Numbering(
                        position + sampler.rank(),
                        sampler.worldSize(),
                        rank.own(),
                        rank.padding()));
    }

    /** The passes of one source over its items in one epoch, each computed once when needed. */
    private final class PassOrders {
        private final ItemSource<?> source;
        private final long seed;
        private final long epoch;
        private final Map<Long, long[]> passes = new LinkedHashMap<>();

        PassOrders(ItemSource<?> source, long seed, long epoch) {
            this.source = source;
            this.seed = seed;
            this.epoch = epoch;
        }

        /** Whether the source is sharded, read in its shard order, and streamed. */
        boolean sharded() {
            return !randomAccess && source instanceof ShardedSource;
        }

        boolean streamed() {
            return sharded() && source instanceof StreamableShards;
        }

        long[] pass(long pass) {
            return passes.computeIfAbsent(pass, this::order);
        }

        private long[] order(long pass) {
            long passSeed = ItemSeeds.mix(seed, pass, -3);
            if (sharded()) {
                long[] shardSizes = ((ShardedSource<?>) source).shardSizes();
                LongToIntFunction pieceRank =
                        streamed() ? StreamableShards.pieceRank(source) : item -> 0;
                return new ShuffleWindows(
                                shardSizes,
                                pieceRank,
                                windowShards,
                                partitions,
                                passSeed,
                                sampler.shuffle())
                        .epochOrder(epoch);
            }
            int size = Math.toIntExact(source.size());
            SplittableRandom random =
                    sampler.shuffle()
                            ? new SplittableRandom(ItemSeeds.mix(passSeed, epoch, -1))
                            : null;
            return EpochSampler.permutation(size, random);
        }
    }
}
