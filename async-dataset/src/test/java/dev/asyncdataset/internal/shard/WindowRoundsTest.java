package dev.asyncdataset.internal.shard;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import java.util.function.LongToIntFunction;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Shards read in pieces are shuffled round by round within each window, so that the pieces live at
 * once stay within a round of each partition's window ({@code P * K + P - 1}), over generated shard
 * sizes, piece counts, windows and partitions; every sample still comes once, and a source whose
 * shards are one piece each keeps the order it had.
 */
class WindowRoundsTest {

    private static final int CASES = 40;

    static Stream<Arguments> cases() {
        return LongStream.range(0, CASES).mapToObj(Arguments::of);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("cases")
    void piecesLiveAtOnceStayWithinOneRoundOfEachPartitionsWindow(long seed) {
        Random random = new Random(seed);
        long[] sizes = new long[1 + random.nextInt(20)];
        int[][] pieceStarts = new int[sizes.length][];
        for (int s = 0; s < sizes.length; s++) {
            sizes[s] = random.nextInt(30);
            pieceStarts[s] = cuts((int) sizes[s], 1 + random.nextInt(5), random);
        }
        Pieces pieces = new Pieces(sizes, pieceStarts);
        int window = 1 + random.nextInt(4);
        int partitions = 1 + random.nextInt(3);
        ShuffleWindows windows =
                new ShuffleWindows(sizes, pieces::rank, window, partitions, seed, true);
        long[] order = windows.epochOrder(random.nextInt(5));
        String shown = Arrays.toString(sizes) + ", window " + window + ", " + partitions + " parts";
        assertArrayEquals(
                LongStream.range(0, windows.size()).toArray(),
                LongStream.of(order).sorted().toArray(),
                shown);
        int live = ShardSpans.of(order, order.length, pieces::piece, pieces.count()).maxLive();
        assertTrue(
                live <= partitions * window + partitions - 1,
                shown + ": " + live + " pieces live at once");
    }

    @Test
    void shardsOfOnePieceEachKeepTheOrderOfWholeShards() {
        long[] sizes = ShuffleWindowsTest.SIZES;
        LongToIntFunction whole = sample -> 0;
        for (int partitions = 1; partitions <= 3; partitions++) {
            assertArrayEquals(
                    new ShuffleWindows(sizes, 3, partitions, 42, true).epochOrder(2),
                    new ShuffleWindows(sizes, whole, 3, partitions, 42, true).epochOrder(2));
        }
    }

    /** {@code count} sorted cut points in {@code [0, size]}, the first 0: where pieces start. */
    private static int[] cuts(int size, int count, Random random) {
        int[] starts = new int[count];
        for (int p = 1; p < count; p++) {
            starts[p] = random.nextInt(size + 1);
        }
        Arrays.sort(starts);
        return starts;
    }

    /** Pieces numbered shard by shard, each a run of its shard's samples. */
    private static final class Pieces {

        private final int[] piece;
        private final int[] rank;
        private int count;

        Pieces(long[] sizes, int[][] starts) {
            int samples = (int) LongStream.of(sizes).sum();
            piece = new int[samples];
            rank = new int[samples];
            int first = 0;
            for (int s = 0; s < sizes.length; s++) {
                for (int i = 0; i < sizes[s]; i++) {
                    int r = 0;
                    while (r + 1 < starts[s].length && starts[s][r + 1] <= i) {
                        r++;
                    }
                    piece[first + i] = count + r;
                    rank[first + i] = r;
                }
                count += starts[s].length;
                first += (int) sizes[s];
            }
        }

        int piece(long sample) {
            return piece[(int) sample];
        }

        int rank(long sample) {
            return rank[(int) sample];
        }

        int count() {
            return count;
        }
    }
}
