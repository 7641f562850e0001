package dev.asyncdataset.internal.shard;

import java.util.SplittableRandom;

/**
 * Fisher-Yates shuffles of sample numbers: a window of an epoch's order, the shard writer's order.
 */
public final class Shuffle {

    private Shuffle() {}

    /** Shuffles {@code a[from, to)} in place with {@code random}. */
    public static void range(long[] a, int from, int to, SplittableRandom random) {
        for (int i = to - 1; i > from; i--) {
            int j = from + random.nextInt(i - from + 1);
            long t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
