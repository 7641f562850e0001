package dev.asyncdataset.internal.mix;

/**
 * Which source each position of a mixed epoch draws from, as {@link MixWalk} picks them: every
 * prefix of the epoch holds each source's exact share of it to within less than one item, the
 * sources spread at random within that bound rather than in blocks, and the order a pure function
 * of (seed, epoch, counts), whatever the world size.
 *
 * <p>{@link #rank} walks the whole epoch once and keeps the positions of one rank, as {@code
 * order.GlobalOrder} deals them: {@code position + rank + k * worldSize}; positions past the end
 * wrap to the epoch's start (the padding that gives every rank the same count), unless the
 * remainder is dropped.
 */
final class MixInterleave {

    /**
     * The positions of one rank.
     *
     * @param source the source of each of the rank's items, in order
     * @param occurrence which of its source's items (0 for the first of the epoch) each is
     * @param own how many leading items are the rank's own, not padding
     * @param padding the position the padding item (the last) repeats, or -1 without one
     */
    record Rank(int[] source, long[] occurrence, int own, long padding) {}

    private final long[] counts;
    private final long total;
    private final long seed;
    private final boolean shuffle;

    /**
     * @param counts each source's items per epoch
     * @param seed the mix's seed
     * @param shuffle whether the spread is drawn at random
     */
    MixInterleave(long[] counts, long seed, boolean shuffle) {
        this.counts = counts.clone();
        long sum = 0;
        for (long count : counts) {
            sum += count;
        }
        this.total = sum;
        this.seed = seed;
        this.shuffle = shuffle;
    }

    /**
     * Returns the epoch's items.
     *
     * @return the sum of the counts
     */
    long total() {
        return total;
    }

    /**
     * Returns the items of rank {@code rank} of {@code worldSize} from global position {@code
     * position} on.
     *
     * @param epoch the epoch
     * @param position the epoch's items all ranks consumed before
     * @param rank the rank
     * @param worldSize the number of ranks
     * @param dropRemainder whether to drop the items that do not divide evenly among the ranks
     * @return the rank's items
     */
    Rank rank(long epoch, long position, int rank, int worldSize, boolean dropRemainder) {
        long remaining = total - position;
        int count =
                Math.toIntExact(
                        dropRemainder
                                ? remaining / worldSize
                                : (remaining + worldSize - 1) / worldSize);
        int[] source = new int[count];
        long[] occurrence = new long[count];
        long last = position + rank + (long) (count - 1) * worldSize;
        int own = count > 0 && last >= total ? count - 1 : count;
        long wrapped = own < count ? (last - total) % total : -1;
        MixWalk walk = new MixWalk(counts, total, seed, epoch, shuffle);
        for (long at = 0; at < total; at++) {
            int s = walk.next();
            long j = walk.taken(s) - 1;
            long k = (at - position - rank) / worldSize;
            if (at >= position + rank && (at - position - rank) % worldSize == 0 && k < own) {
                source[(int) k] = s;
                occurrence[(int) k] = j;
            }
            if (at == wrapped) {
                source[own] = s;
                occurrence[own] = j;
            }
        }
        return new Rank(source, occurrence, own, wrapped);
    }
}
