package dev.asyncdataset.internal.mix;

import dev.asyncdataset.internal.decode.ItemSeeds;
import java.util.SplittableRandom;

/**
 * Walks the positions of a mixed epoch in order and picks each one's source, so that after any
 * {@code t} of the epoch's {@code N} positions a source with {@code c} items per epoch has given
 * more than {@code t c / N - 1} and fewer than {@code t c / N + 1} of them: every prefix holds each
 * source's exact share to within less than one item (quota, in the terms of apportionment: Balinski
 * and Young, "Quotatone apportionment methods", Math. Oper. Res. 4(1), 1979, characterise the
 * sequences that keep it).
 *
 * <p>Why a sequence can: the bound holds exactly when item {@code j} (from 0) of each source sits
 * at a position {@code p} (from 1) in its window {@code j N / c < p < (j + 1) N / c + 1}, that is
 * {@code floor(j N / c) + 1 <= p <= ceil((j + 1) N / c)}, the last being its deadline. The
 * positions {@code a..b} wholly hold the windows of at most {@code floor((b - a + 1) c / N)} items
 * of a source, so of at most {@code b - a + 1} items in all; by Hall's theorem every item then has
 * a position in its window.
 *
 * <p>How the walk finds one: at position {@code t} a source is released when its next item's window
 * has begun, and safe when, moreover, each {@code b} from {@code t} to the item's deadline less one
 * has room left ({@link MixSlack}: the items still to place that are due by {@code b} are fewer
 * than the positions {@code t..b}). Taking a safe source leaves every remaining item a position,
 * and the released source with the earliest deadline is always safe: were some {@code b} before its
 * deadline full, the items due by {@code b} would all be unreleased, more than {@code b - t} items
 * with windows inside {@code t + 1..b}. Among the safe sources the walk takes the one whose key
 * {@code (j + u) / c} is least, {@code u} drawn in [0, 1) per item from (seed, epoch, source) when
 * shuffling and 0.5 otherwise, the first source first on a tie: the sources are spread at random
 * within the bound, and the walk is a pure function of (seed, epoch, counts). Each step costs time
 * in the number of sources (amortised: a taken item lowers the slack of at most its window's length
 * of positions), and the walk holds two ints per position of {@code ceil(N / c)} for the smallest
 * count.
 */
final class MixWalk {

    private final long[] counts;
    private final long total;
    private final long[] taken;
    private final long[] release;
    private final long[] deadline;
    private final double[] jitter;
    private final SplittableRandom[] randoms;
    private final MixSlack slack;
    private long at = 1;

    /**
     * @param counts each source's items per epoch, summing to more than 0
     * @param total the sum of the counts
     * @param seed the mix's seed
     * @param epoch the epoch
     * @param shuffle whether the spread is drawn at random
     */
    MixWalk(long[] counts, long total, long seed, long epoch, boolean shuffle) {
        int sources = counts.length;
        this.counts = counts;
        this.total = total;
        this.taken = new long[sources];
        this.release = new long[sources];
        this.deadline = new long[sources];
        this.jitter = new double[sources];
        this.randoms = new SplittableRandom[sources];
        this.slack = new MixSlack(counts, total);
        for (int s = 0; s < sources; s++) {
            randoms[s] = shuffle ? new SplittableRandom(ItemSeeds.mix(seed, epoch, s)) : null;
            next(s);
        }
    }

    /**
     * Returns the source of the next position and counts its item as taken.
     *
     * @return the source
     */
    int next() {
        long firstZero = slack.firstZero();
        int best = -1;
        for (int s = 0; s < counts.length; s++) {
            boolean safe = taken[s] < counts[s] && release[s] <= at && deadline[s] <= firstZero;
            if (safe && (best < 0 || key(s) < key(best))) {
                best = s;
            }
        }
        long due = deadline[best];
        taken[best]++;
        next(best);
        slack.took(due, taken);
        at++;
        return best;
    }

    /**
     * Returns how many items of source {@code s} were taken.
     *
     * @param s the source
     * @return its items so far
     */
    long taken(int s) {
        return taken[s];
    }

    /** Sets the window and the key of source {@code s}'s next item. */
    private void next(int s) {
        if (taken[s] < counts[s]) {
            release[s] = Math.multiplyExact(taken[s], total) / counts[s] + 1;
            deadline[s] = Math.ceilDiv(Math.multiplyExact(taken[s] + 1, total), counts[s]);
            jitter[s] = randoms[s] != null ? randoms[s].nextDouble() : 0.5;
        }
    }

    private double key(int s) {
        return (taken[s] + jitter[s]) / counts[s];
    }
}
