package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ShuffleWindowsTest {

    /** 17 shards of 5 to 21 samples: 197 samples, a prime, so no world size divides it. */
    static final long[] SIZES = {5, 21, 7, 13, 9, 11, 6, 15, 8, 12, 10, 14, 16, 9, 17, 12, 12};

    private final ShuffleWindows windows = new ShuffleWindows(SIZES, 3, 42);

    @Test
    void everySampleExactlyOnceAndTheOrderIsAPureFunctionOfSeedAndEpoch() {
        assertEquals(197, windows.size());
        long[] order = windows.epochOrder(1);
        assertArrayEquals(
                LongStream.range(0, 197).toArray(), LongStream.of(order).sorted().toArray());
        assertArrayEquals(order, new ShuffleWindows(SIZES, 3, 42).epochOrder(1));
        assertFalse(Arrays.equals(order, windows.epochOrder(2)));
        assertFalse(Arrays.equals(order, new ShuffleWindows(SIZES, 3, 43).epochOrder(1)));
    }

    @Test
    void eachWindowHoldsAllTheSamplesOfAtMostThreeShardsShuffled() {
        long[] order = windows.epochOrder(0);
        int windowCount = 0;
        for (int at = 0; at < order.length; windowCount++) {
            Set<Integer> shards = new HashSet<>();
            long need = 0;
            int start = at;
            do {
                if (shards.add(shardOf(SIZES, order[at]))) {
                    need += SIZES[shardOf(SIZES, order[at])];
                }
                at++;
            } while (at - start < need);
            assertTrue(shards.size() <= 3, "window " + windowCount + " spans " + shards);
        }
        assertTrue(windowCount >= 6, "17 shards in windows of 3: " + windowCount);
        long ascending =
                LongStream.range(1, order.length)
                        .filter(i -> order[(int) i] > order[(int) i - 1])
                        .count();
        assertTrue(ascending < order.length * 0.8, "samples are shuffled within windows");
    }

    @Test
    void ranksAreDisjointAndEqualAndTogetherTheEpoch() {
        for (int world : new int[] {1, 4, 8, 16}) {
            Set<Long> seen = new HashSet<>();
            List<Integer> counts = new ArrayList<>();
            for (int rank = 0; rank < world; rank++) {
                long[] mine = windows.rankOrder(3, 0, rank, world, true);
                counts.add(mine.length);
                for (long sample : mine) {
                    assertTrue(seen.add(sample), "sample " + sample + " twice at world " + world);
                }
            }
            assertEquals(Set.of(197 / world), new HashSet<>(counts), "world " + world);
            assertEquals(197 - 197 % world, seen.size());
            long padded = windows.rankOrder(3, 0, world - 1, world, false).length;
            assertEquals((197 + world - 1) / world, padded);
        }
    }

    @Test
    void aPositionSavedAtWorldSize8ResumesAt4Or16WithoutRepeatsOrGapsAtOneOr16Partitions() {
        resumesWithoutRepeatsOrGaps(windows);
        resumesWithoutRepeatsOrGaps(new ShuffleWindows(SIZES, 3, 16, 42, true));
    }

    private static void resumesWithoutRepeatsOrGaps(ShuffleWindows windows) {
        for (int resumedWorld : new int[] {4, 16, 8, 3}) {
            Set<Long> consumed = new HashSet<>();
            int steps = 9;
            for (int rank = 0; rank < 8; rank++) {
                long[] mine = windows.rankOrder(5, 0, rank, 8, false);
                for (int k = 0; k < steps; k++) {
                    assertTrue(consumed.add(mine[k]));
                }
            }
            long position = 8L * steps;
            List<Long> resumed = new ArrayList<>();
            for (int rank = 0; rank < resumedWorld; rank++) {
                for (long sample : windows.rankOrder(5, position, rank, resumedWorld, true)) {
                    resumed.add(sample);
                }
            }
            Set<Long> all = new HashSet<>(consumed);
            for (long sample : resumed) {
                assertTrue(
                        all.add(sample), "sample " + sample + " repeated at world " + resumedWorld);
            }
            long dropped = (197 - position) % resumedWorld;
            assertEquals(197 - dropped, all.size(), "world " + resumedWorld);
            long[] order = windows.epochOrder(5);
            for (int i = 0; i < 197 - dropped; i++) {
                assertTrue(all.contains(order[i]), "only the epoch's last samples may be dropped");
            }
        }
    }

    @Test
    void badArgumentsAreRejectedNamingThem() {
        var e = assertThrows(IllegalArgumentException.class, () -> new ShuffleWindows(SIZES, 0, 1));
        assertTrue(e.getMessage().contains("0"));
        e = assertThrows(IllegalArgumentException.class, () -> windows.rankOrder(0, 0, 4, 4, true));
        assertTrue(e.getMessage().contains("rank 4 of world size 4"));
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> windows.rankOrder(0, 198, 0, 4, true));
        assertTrue(e.getMessage().contains("198"));
    }

    /** Returns the shard of {@code sizes} that holds {@code sample}. */
    static int shardOf(long[] sizes, long sample) {
        long first = 0;
        for (int s = 0; s < sizes.length; s++) {
            if (sample < first + sizes[s]) {
                return s;
            }
            first += sizes[s];
        }
        throw new IllegalArgumentException("no shard holds " + sample);
    }
}
