package dev.asyncdataset.internal.mix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Which source each position of a mixed epoch draws from, over many counts and seeds. */
class MixInterleaveTest {

    /** Fixed mixes (three nearly equal sources, single items, many sources), then drawn ones. */
    private static List<long[]> mixes() {
        List<long[]> mixes = new ArrayList<>();
        mixes.add(new long[] {334, 333, 334});
        mixes.add(new long[] {1, 1, 999});
        mixes.add(new long[] {999, 1, 1});
        mixes.add(new long[] {7, 11, 13, 970});
        mixes.add(new long[] {800, 200});
        mixes.add(new long[] {5, 0, 5});
        SplittableRandom random = new SplittableRandom(42);
        for (int n = 0; n < 60; n++) {
            long[] counts = new long[random.nextInt(2, 9)];
            for (int s = 0; s < counts.length; s++) {
                counts[s] = random.nextBoolean() ? random.nextLong(1, 6) : random.nextLong(1, 900);
            }
            mixes.add(counts);
        }
        return mixes;
    }

    @Test
    void everyPrefixHoldsEachSourcesExactShareToWithinLessThanOneItem() {
        for (long[] counts : mixes()) {
            long total = Arrays.stream(counts).sum();
            for (long seed = 0; seed < 10; seed++) {
                for (boolean shuffle : new boolean[] {true, false}) {
                    int[] order = whole(counts, seed, seed, shuffle).source();
                    long[] given = new long[counts.length];
                    for (int t = 1; t <= total; t++) {
                        given[order[t - 1]]++;
                        for (int s = 0; s < counts.length; s++) {
                            // |given - t c / N| < 1, in whole numbers
                            if (Math.abs(given[s] * total - t * counts[s]) >= total) {
                                fail(
                                        Arrays.toString(counts)
                                                + ", seed "
                                                + seed
                                                + ", shuffle "
                                                + shuffle
                                                + ": source "
                                                + s
                                                + " gave "
                                                + given[s]
                                                + " of the first "
                                                + t
                                                + " items");
                            }
                        }
                    }
                    assertArrayEquals(counts, given, Arrays.toString(counts));
                }
            }
        }
    }

    @Test
    void theOrderIsAPureFunctionOfSeedEpochAndCountsAndTheSpreadIsDrawn() {
        long[] counts = {400, 350, 251};
        int[] order = whole(counts, 7, 3, true).source();
        assertArrayEquals(order, whole(counts, 7, 3, true).source());
        assertFalse(Arrays.equals(order, whole(counts, 8, 3, true).source()), "another seed");
        assertFalse(Arrays.equals(order, whole(counts, 7, 4, true).source()), "another epoch");
    }

    @Test
    void eachRankFromAnyPositionTakesItsPlacesOfTheOneOrder() {
        long[] counts = {61, 23, 17};
        int total = 101;
        MixInterleave.Rank whole = whole(counts, 5, 2, true);
        for (int world = 1; world <= 4; world++) {
            for (long position : new long[] {0, 37, 100}) {
                for (int rank = 0; rank < world; rank++) {
                    MixInterleave.Rank mine =
                            new MixInterleave(counts, 5, true)
                                    .rank(2, position, rank, world, false);
                    for (int k = 0; k < mine.source().length; k++) {
                        int at = (int) ((position + rank + (long) k * world) % total);
                        String where = world + " ranks from " + position + ", rank " + rank;
                        assertEquals(whole.source()[at], mine.source()[k], where);
                        assertEquals(whole.occurrence()[at], mine.occurrence()[k], where);
                    }
                }
            }
        }
    }

    private static MixInterleave.Rank whole(long[] counts, long seed, long epoch, boolean shuffle) {
        return new MixInterleave(counts, seed, shuffle).rank(epoch, 0, 0, 1, false);
    }
}
