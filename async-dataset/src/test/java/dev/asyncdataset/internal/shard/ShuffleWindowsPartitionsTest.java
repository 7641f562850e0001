package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The order of {@link ShuffleWindows} over canonical partitions: locality, exactly once, resume.
 */
class ShuffleWindowsPartitionsTest {

    /** 17 shards of 5 to 21 samples: 197 samples, a prime, so no world size divides it. */
    private static final long[] RAGGED = ShuffleWindowsTest.SIZES;

    /** 16 shards of 10 samples. */
    private static final long[] EVEN = LongStream.generate(() -> 10).limit(16).toArray();

    @Test
    void everySampleExactlyOnceSameSeedSameOrderAtEveryPartitionCount() {
        for (int partitions : new int[] {1, 3, 4, 16, 300}) {
            long[] order = windows(RAGGED, 2, partitions).epochOrder(1);
            assertArrayEquals(
                    LongStream.range(0, 197).toArray(),
                    LongStream.of(order).sorted().toArray(),
                    "partitions " + partitions);
            assertArrayEquals(order, windows(RAGGED, 2, partitions).epochOrder(1));
            assertFalse(Arrays.equals(order, windows(RAGGED, 2, partitions).epochOrder(2)));
        }
        assertFalse(
                Arrays.equals(
                        windows(RAGGED, 2, 4).epochOrder(1), windows(RAGGED, 2, 8).epochOrder(1)));
    }

    @Test
    void withFourPartitionsAndFourRanksEachShardIsReadByExactlyOneRank() {
        Map<Integer, Set<Integer>> ranksOfShard = ranksOfShards(EVEN, 4, 4);
        assertEquals(16, ranksOfShard.size());
        ranksOfShard.forEach((shard, ranks) -> assertEquals(1, ranks.size(), "shard " + shard));
        Map<Integer, Set<Integer>> eightPartitions = ranksOfShards(EVEN, 8, 4);
        eightPartitions.forEach((shard, ranks) -> assertEquals(1, ranks.size(), "shard " + shard));
    }

    @Test
    void withRaggedShardsOnlyTheShardsOnPartitionBoundariesAreReadByTwoRanks() {
        Map<Integer, Set<Integer>> ranksOfShard = ranksOfShards(RAGGED, 4, 4);
        assertEquals(17, ranksOfShard.size());
        int reads = ranksOfShard.values().stream().mapToInt(Set::size).sum();
        assertTrue(reads <= 17 + 3, reads + " shard reads by 4 ranks of 4 partitions");
        ranksOfShard.forEach((shard, ranks) -> assertTrue(ranks.size() <= 2, "shard " + shard));
    }

    @Test
    void ranksNotDividingThePartitionsStillReadEverySampleOnce() {
        ShuffleWindows windows = windows(RAGGED, 3, 4);
        for (int world : new int[] {3, 5, 6}) {
            Set<Long> seen = new HashSet<>();
            for (int rank = 0; rank < world; rank++) {
                for (long sample : windows.rankOrder(0, 0, rank, world, true)) {
                    assertTrue(seen.add(sample), "sample " + sample + " at world " + world);
                }
            }
            assertEquals(197 - 197 % world, seen.size(), "world " + world);
        }
    }

    /** For each shard, the ranks whose samples of epoch 0 it holds. */
    private static Map<Integer, Set<Integer>> ranksOfShards(
            long[] sizes, int partitions, int world) {
        ShuffleWindows windows = windows(sizes, 2, partitions);
        Map<Integer, Set<Integer>> ranksOfShard = new HashMap<>();
        for (int rank = 0; rank < world; rank++) {
            for (long sample : windows.rankOrder(0, 0, rank, world, true)) {
                ranksOfShard
                        .computeIfAbsent(
                                ShuffleWindowsTest.shardOf(sizes, sample), s -> new HashSet<>())
                        .add(rank);
            }
        }
        return ranksOfShard;
    }

    private static ShuffleWindows windows(long[] sizes, int windowShards, int partitions) {
        return new ShuffleWindows(sizes, windowShards, partitions, 42, true);
    }
}
