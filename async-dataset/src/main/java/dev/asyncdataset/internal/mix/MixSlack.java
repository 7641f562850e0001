package dev.asyncdataset.internal.mix;

/**
 * The room a {@link MixWalk} has ahead of its position {@code t}: with {@code x[s]} the items
 * source {@code s} gave before {@code t}, {@code slack(b) = b - sum over s of max(x[s], floor(b
 * c[s] / N))} is the positions {@code t..b} less the items still to place whose windows end by
 * {@code b}, never below 0. It is kept for {@code b} in {@code t..t + span - 1}, {@code span =
 * ceil(N / c)} for the smallest count {@code c} (a released item is due by {@code t + span}), with
 * the positions where it is 0 in ascending order.
 */
final class MixSlack {

    private final long[] counts;
    private final long total;
    private final int span;
    private final int[] values;
    private final int[] zeros;
    private int head;
    private int size;
    private long at = 1;

    /**
     * @param counts each source's items per epoch, summing to more than 0
     * @param total the sum of the counts
     */
    MixSlack(long[] counts, long total) {
        this.counts = counts;
        this.total = total;
        long longest = 1;
        for (long count : counts) {
            longest = count > 0 ? Math.max(longest, Math.ceilDiv(total, count)) : longest;
        }
        this.span = Math.toIntExact(longest);
        this.values = new int[span];
        this.zeros = new int[span];
        long[] none = new long[counts.length];
        for (long b = 1; b <= Math.min(total, span); b++) {
            enter(b, none);
        }
    }

    /**
     * Returns the first position from {@code t} on where the slack is 0.
     *
     * @return that position, or {@link Long#MAX_VALUE} if there is none within the span
     */
    long firstZero() {
        return size == 0 ? Long.MAX_VALUE : positionOf(zeros[head]);
    }

    /**
     * Position {@code t} took an item due by {@code deadline}, and the walk moves to {@code t + 1}:
     * the slack drops by one for {@code b} in {@code t + 1..deadline - 1}.
     *
     * @param deadline the item's deadline, at most the first zero and below {@code t + span}
     * @param taken each source's items given up to {@code t}, the item just taken included
     */
    void took(long deadline, long[] taken) {
        for (long b = deadline - 1; b > at; b--) {
            int i = index(b);
            if (--values[i] == 0) {
                head = (head + span - 1) % span;
                zeros[head] = i;
                size++;
            }
        }
        if (size > 0 && zeros[head] == index(at)) {
            head = (head + 1) % span;
            size--;
        }
        at++;
        long b = at + span - 1;
        if (b <= total) {
            enter(b, taken);
        }
    }

    /** Computes slack(b) for the last position of the span. */
    private void enter(long b, long[] taken) {
        long placed = 0;
        for (int s = 0; s < counts.length; s++) {
            placed += Math.max(taken[s], Math.multiplyExact(b, counts[s]) / total);
        }
        int value = Math.toIntExact(b - placed);
        values[index(b)] = value;
        if (value == 0) {
            zeros[(head + size) % span] = index(b);
            size++;
        }
    }

    private int index(long b) {
        return (int) (b % span);
    }

    private long positionOf(int index) {
        return at + Math.floorMod(index - at, span);
    }
}
