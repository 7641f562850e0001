package dev.asyncdataset.internal.shard;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongFunction;

/**
 * One epoch's samples dealt to canonical partitions and interleaved: the samples, in the order of
 * the epoch's shard sequence, are cut into {@code partitions} contiguous slices of equal count (the
 * first {@code size % partitions} slices one longer), each slice is cut into windows of {@code
 * windowShards} consecutive shards of the sequence and shuffled within each window, and position
 * {@code q} of the epoch's order is item {@code q / partitions} of slice {@code q % partitions}.
 * Only a shard straddling two slices belongs to two partitions (at most {@code partitions - 1} such
 * shards).
 */
final class CanonicalPartitions {

    private final int partitions;
    private final int windowShards;

    CanonicalPartitions(int partitions, int windowShards) {
        this.partitions = partitions;
        this.windowShards = windowShards;
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
            Shuffle.range(dealt, at, end, windowRandom.apply(next++));
            at = end;
        }
        return next;
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
