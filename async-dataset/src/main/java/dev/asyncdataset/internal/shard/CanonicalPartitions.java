package dev.asyncdataset.internal.shard;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import java.util.function.LongToIntFunction;

/**
 * One epoch's samples dealt to canonical partitions and interleaved: the samples, in the order of
 * the epoch's shard sequence, are cut into {@code partitions} contiguous slices of equal count (the
 * first {@code size % partitions} slices one longer), each slice is cut into windows of {@code
 * windowShards} consecutive shards of the sequence and shuffled within each window, and position
 * {@code q} of the epoch's order is item {@code q / partitions} of slice {@code q % partitions}.
 * Only a shard straddling two slices belongs to two partitions (at most {@code partitions - 1} such
 * shards).
 *
 * <p>A window whose shards are read in pieces (runs of a shard's samples, ranked from 0 in the
 * shard) is shuffled round by round: round {@code r} holds the samples of the pieces of rank {@code
 * r} of the window's shards, shuffled among themselves, and comes before round {@code r + 1}. Each
 * round mixes all the window's shards while only their pieces of that round are needed; with one
 * piece per shard the window is one round.
 */
final class CanonicalPartitions {

    private final int partitions;
    private final int windowShards;
    private final LongToIntFunction pieceRank;

    CanonicalPartitions(int partitions, int windowShards, LongToIntFunction pieceRank) {
        this.partitions = partitions;
        this.windowShards = windowShards;
        this.pieceRank = pieceRank;
    }

    /**
     * Returns the epoch order of the shards whose samples are {@code firstSample[s]} to {@code
     * firstSample[s + 1] - 1}: the shards permuted with {@code shardRandom} (kept in order if
     * null), their samples dealt and interleaved as {@link #interleave} does.
     */
    long[] order(
            long[] firstSample,
            SplittableRandom shardRandom,
            LongFunction<SplittableRandom> windowRandom) {
        int shardCount = firstSample.length - 1;
        int[] shards = permutation(shardCount, shardRandom);
        long[] dealt = new long[Math.toIntExact(firstSample[shardCount])];
        int[] bounds = new int[shardCount + 1];
        for (int j = 0; j < shardCount; j++) {
            int at = bounds[j];
            for (long i = firstSample[shards[j]]; i < firstSample[shards[j] + 1]; i++) {
                dealt[at++] = i;
            }
            bounds[j + 1] = at;
        }
        return interleave(dealt, bounds, windowRandom);
    }

    /**
     * Returns the epoch order of {@code dealt}, the samples in shard-sequence order, where shard
     * {@code j} of the sequence holds {@code dealt[bounds[j]]} to {@code dealt[bounds[j + 1] - 1]}.
     * {@code windowRandom} gives window {@code w}'s random generator (windows numbered partition by
     * partition), or null for no shuffling within windows.
     */
    private long[] interleave(
            long[] dealt, int[] bounds, LongFunction<SplittableRandom> windowRandom) {
        long[] order = new long[dealt.length];
        int base = dealt.length / partitions;
        int longer = dealt.length % partitions;
        int window = 0;
        for (int c = 0; c < partitions; c++) {
            int from = c * base + Math.min(c, longer);
            int to = from + base + (c < longer ? 1 : 0);
            if (windowRandom != null) {
                window = shuffleWindows(dealt, bounds, from, to, window, windowRandom);
            }
            for (int i = from; i < to; i++) {
                order[(i - from) * partitions + c] = dealt[i];
            }
        }
        return order;
    }

    /**
     * Shuffles {@code dealt[from]} to {@code dealt[to - 1]} in windows of {@code windowShards}
     * shards of the sequence, numbered from {@code window}; returns the next window number.
     */
    private int shuffleWindows(
            long[] dealt,
            int[] bounds,
            int from,
            int to,
            int window,
            LongFunction<SplittableRandom> windowRandom) {
        int next = window;
        int shard = shardHolding(bounds, from);
        for (int at = from; at < to; ) {
            shard += Math.min(windowShards, bounds.length - 1 - shard);
            int end = Math.min(to, bounds[shard]);
            shuffleRounds(dealt, at, end, windowRandom.apply(next++));
            at = end;
        }
        return next;
    }

    /**
     * Shuffles the window {@code dealt[from]} to {@code dealt[to - 1]} round by round: its samples
     * ordered by the rank of their piece (a stable counting sort), then each round shuffled.
     */
    private void shuffleRounds(long[] dealt, int from, int to, SplittableRandom random) {
        int[] start = new int[2];
        for (int i = from; i < to; i++) {
            int round = pieceRank.applyAsInt(dealt[i]);
            if (round + 2 > start.length) {
                start = Arrays.copyOf(start, round + 2);
            }
            start[round + 1]++;
        }
        for (int r = 1; r < start.length; r++) {
            start[r] += start[r - 1];
        }
        if (start.length > 2) {
            long[] sorted = new long[to - from];
            int[] next = Arrays.copyOf(start, start.length - 1);
            for (int i = from; i < to; i++) {
                sorted[next[pieceRank.applyAsInt(dealt[i])]++] = dealt[i];
            }
            System.arraycopy(sorted, 0, dealt, from, sorted.length);
        }
        for (int r = 0; r + 1 < start.length; r++) {
            Shuffle.range(dealt, from + start[r], from + start[r + 1], random);
        }
    }

    /** Returns the shard of the sequence that holds {@code dealt[at]}. */
    private static int shardHolding(int[] bounds, int at) {
        int shard = 0;
        while (shard + 2 < bounds.length && bounds[shard + 1] <= at) {
            shard++;
        }
        return shard;
    }

    private static int[] permutation(int n, SplittableRandom random) {
        int[] p = new int[n];
        Arrays.setAll(p, i -> i);
        for (int i = n - 1; i > 0 && random != null; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
