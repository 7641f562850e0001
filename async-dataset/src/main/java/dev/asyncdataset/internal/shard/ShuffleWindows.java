package dev.asyncdataset.internal.shard;

import dev.asyncdataset.internal.decode.ItemSeeds;
import java.util.SplittableRandom;
import java.util.function.LongToIntFunction;

/**
 * The epoch order of samples stored in shards, dealt to canonical partitions and shuffled in
 * windows of shards (Mosaic Streaming's canonical nodes). Each epoch the shards are permuted; the
 * samples, in that shard order, are cut into {@code partitions} contiguous slices of equal count (a
 * shard on a boundary belongs to both slices); each slice is cut into windows of {@code
 * windowShards} consecutive shards and the samples of each window are permuted among themselves;
 * and the global order interleaves the partitions round-robin: position {@code q} is the next
 * sample of partition {@code q % partitions}. The order is a pure function of (seed, epoch,
 * partitions, pieces): the same on every rank and every run. Shards read in pieces ({@link
 * StreamableShards#pieceRank}) are shuffled round by round within each window, one round per piece
 * rank ({@link CanonicalPartitions}).
 *
 * <p>Samples are numbered globally: shard 0's samples first, in archive order, then shard 1's, and
 * so on. The global order does not depend on the number of ranks: at each step the ranks together
 * take the next {@code worldSize} positions of it, rank {@code r} the {@code r}-th. After every
 * rank has taken {@code k} items from position {@code p}, the job has consumed exactly positions
 * {@code [p, p + k * worldSize)}, so a position saved at one world size resumes at any other
 * without repeating or dropping a sample of the epoch (elastic resume), as long as the partition
 * count stays the same.
 *
 * <p><b>Locality.</b> Rank {@code r} of {@code W} reads only partitions {@code c} with {@code c %
 * gcd(partitions, W) == r % gcd(partitions, W)}: {@code partitions / W} partitions, all of their
 * samples, when {@code W} divides {@code partitions}. Then each shard is read by one rank, except
 * the at most {@code partitions - 1} shards on a slice boundary, read by two; with {@code W} ranks
 * on one partition every rank would read every shard. A rank holds the shards of about one window
 * per partition it reads: {@code partitions / W * (windowShards + 1)} shards in the usual case (see
 * {@link dev.asyncdataset.source.ShardedSource} for the bound).
 */
public final class ShuffleWindows {

    private final long[] firstSample;
    private final CanonicalPartitions dealing;
    private final long seed;
    private final boolean shuffle;

    /**
     * Creates the shuffled order of one partition for shards holding {@code shardSizes[s]} samples
     * each.
     *
     * @param shardSizes the number of samples of each shard, in shard order
     * @param windowShards how many shards one shuffle window spans, at least 1
     * @param seed the seed of every epoch's order
     * @throws IllegalArgumentException if a size is negative or {@code windowShards} is below 1
     */
    public ShuffleWindows(long[] shardSizes, int windowShards, long seed) {
        this(shardSizes, windowShards, 1, seed, true);
    }

    /**
     * Creates the order for shards holding {@code shardSizes[s]} samples each, shuffled or not.
     *
     * @param shardSizes the number of samples of each shard, in shard order
     * @param windowShards how many shards one shuffle window spans, at least 1
     * @param partitions the canonical partitions, at least 1
     * @param seed the seed of every epoch's order
     * @param shuffle whether to shuffle; if not, the shards keep their stored order and the samples
     *     their order within each partition
     * @throws IllegalArgumentException if a size is negative, or {@code windowShards} or {@code
     *     partitions} is below 1
     */
    public ShuffleWindows(
            long[] shardSizes, int windowShards, int partitions, long seed, boolean shuffle) {
        this(shardSizes, sample -> 0, windowShards, partitions, seed, shuffle);
    }

    /**
     * Creates the order for shards holding {@code shardSizes[s]} samples each, read in the pieces
     * {@code pieceRank} ranks, shuffled or not.
     *
     * @param shardSizes the number of samples of each shard, in shard order
     * @param pieceRank the rank within its shard of the piece holding a sample, from 0
     * @param windowShards how many shards one shuffle window spans, at least 1
     * @param partitions the canonical partitions, at least 1
     * @param seed the seed of every epoch's order
     * @param shuffle whether to shuffle; if not, the shards keep their stored order and the samples
     *     their order within each partition
     * @throws IllegalArgumentException if a size is negative, or {@code windowShards} or {@code
     *     partitions} is below 1
     */
    public ShuffleWindows(
            long[] shardSizes,
            LongToIntFunction pieceRank,
            int windowShards,
            int partitions,
            long seed,
            boolean shuffle) {
        if (windowShards < 1 || partitions < 1) {
            throw new IllegalArgumentException(
                    "windowShards and partitions must be at least 1: "
                            + windowShards
                            + ", "
                            + partitions);
        }
        firstSample = new long[shardSizes.length + 1];
        for (int s = 0; s < shardSizes.length; s++) {
            if (shardSizes[s] < 0) {
                throw new IllegalArgumentException(
                        "shard " + s + " has " + shardSizes[s] + " samples");
            }
            firstSample[s + 1] = firstSample[s] + shardSizes[s];
        }
        this.dealing = new CanonicalPartitions(partitions, windowShards, pieceRank);
        this.seed = seed;
        this.shuffle = shuffle;
    }

    /**
     * Returns the number of samples in all shards.
     *
     * @return the sample count of an epoch
     */
    public long size() {
        return firstSample[firstSample.length - 1];
    }

    /**
     * Returns the global order of {@code epoch}: every sample exactly once.
     *
     * @param epoch the epoch number
     * @return the global sample numbers in the order they are read
     */
    public long[] epochOrder(long epoch) {
        return shuffle
                ? dealing.order(firstSample, random(epoch, -1), w -> random(epoch, w))
                : dealing.order(firstSample, null, null);
    }

    /**
     * Returns the samples rank {@code rank} reads in {@code epoch} from global position {@code
     * position} on: positions {@code position + rank, position + rank + worldSize, ...}. Every rank
     * gets the same count: the remainder is dropped, or padded with samples from the start of the
     * epoch's order (as {@code DistributedSampler} pads).
     *
     * @param epoch the epoch number
     * @param position the number of the epoch's samples the job has consumed (0 at its start)
     * @param rank this rank, from 0 to {@code worldSize - 1}
     * @param worldSize the number of ranks
     * @param dropRemainder drop the last {@code (size - position) % worldSize} samples instead of
     *     padding
     * @return the global sample numbers this rank reads, in order
     * @throws IllegalArgumentException if the position, rank or world size is out of range
     */
    public long[] rankOrder(
            long epoch, long position, int rank, int worldSize, boolean dropRemainder) {
        if (worldSize < 1 || rank < 0 || rank >= worldSize) {
            throw new IllegalArgumentException("rank " + rank + " of world size " + worldSize);
        }
        if (position < 0 || position > size()) {
            throw new IllegalArgumentException("position " + position + " outside 0.." + size());
        }
        long[] order = epochOrder(epoch);
        long remaining = order.length - position;
        long count =
                dropRemainder ? remaining / worldSize : (remaining + worldSize - 1) / worldSize;
        long[] mine = new long[Math.toIntExact(count)];
        for (int j = 0; j < mine.length; j++) {
            long at = position + (long) j * worldSize + rank;
            mine[j] = order[(int) (at < order.length ? at : (at - order.length) % order.length)];
        }
        return mine;
    }

    /**
     * Returns how many of the samples {@link #rankOrder} gives rank {@code rank} from {@code
     * position} on are its own, not padding: the others repeat samples of other ranks.
     *
     * @param position the number of the epoch's samples the job has consumed
     * @param rank this rank, from 0 to {@code worldSize - 1}
     * @param worldSize the number of ranks
     * @return the rank's samples before any padding
     */
    public long ownCount(long position, int rank, int worldSize) {
        long left = size() - position - rank;
        return left <= 0 ? 0 : (left + worldSize - 1) / worldSize;
    }

    private SplittableRandom random(long epoch, long window) {
        return new SplittableRandom(ItemSeeds.mix(seed, epoch, window));
    }
}
