package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.training.dataset.Batch;
import ai.djl.translate.Pipeline;
import dev.asyncdataset.decode.ItemRandom;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.testing.BatchIndices;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The epochs of a mix of two in-memory sources, A (100 items, 0..99) and B (30 items, 100..129 in
 * the mix's numbering): exact shares, the order, ranks and resume.
 */
@Timeout(120)
class MixingTest {

    private static final long SEED = 5;
    private static final int BATCH = 8;
    private NDManager manager;
    private ArraySource a;
    private ArraySource b;

    @BeforeEach
    void setUp() {
        manager = NDManager.newBaseManager(Device.cpu());
        a = source(manager.arange(100f));
        b = source(manager.arange(1000f, 1030f));
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    @Test
    void proportionsGiveExactSharesOfTheDefaultAndOfASetEpochSize() throws Exception {
        for (int epoch = 0; epoch < 3; epoch++) {
            List<Long> items = flat(mix(SourceShare.proportion(0.8), SourceShare.proportion(0.2)));
            assertEquals(List.of(104L, 26L), perSource(items), "epoch " + epoch);
        }
        ConcurrentDataset sized =
                builder(SourceShare.proportion(1), SourceShare.proportion(3))
                        .optEpochSize(50)
                        .build();
        assertEquals(List.of(13L, 37L), perSource(flat(sized)), "50 / 4 = 12.5 each: 13 and 37");
    }

    @Test
    void repeatUpsamplesEveryItemKTimesBeforeAnyKPlusOneTimes() throws Exception {
        List<Long> items = flat(mix(SourceShare.once(), SourceShare.repeat(2.5)));
        List<Long> fromB = items.stream().filter(i -> i >= 100).toList();
        assertEquals(List.of(100L, 75L), perSource(items));
        for (int pass = 0; pass < 2; pass++) {
            assertEquals(
                    30,
                    new HashSet<>(fromB.subList(pass * 30, pass * 30 + 30)).size(),
                    "pass " + pass + " gives every item of B once");
        }
        assertEquals(15, new HashSet<>(fromB.subList(60, 75)).size(), "a partial third pass");
    }

    @Test
    void chooseAndFractionalRepeatDownsampleToADifferentPartEachEpoch() throws Exception {
        ConcurrentDataset dataset =
                builder(SourceShare.choose(10), SourceShare.repeat(0.5)).build();
        List<Long> first = flat(dataset);
        List<Long> second = flat(dataset);
        assertEquals(List.of(10L, 15L), perSource(first));
        assertEquals(List.of(10L, 15L), perSource(second));
        assertEquals(25, new HashSet<>(first).size(), "no item twice");
        assertNotEquals(new HashSet<>(first), new HashSet<>(second));
    }

    @Test
    void sourcesAreSpreadThroughTheEpochNotInBlocks() throws Exception {
        List<Long> items = flat(mix(SourceShare.proportion(0.8), SourceShare.proportion(0.2)));
        int fromB = 0;
        for (int at = 0; at < items.size(); at++) {
            fromB += items.get(at) >= 100 ? 1 : 0;
            double expected = (at + 1) * 26.0 / 130;
            assertTrue(
                    Math.abs(fromB - expected) < 1,
                    "after " + (at + 1) + " items, " + fromB + " from B, expected " + expected);
        }
    }

    @Test
    void theSameSeedGivesTheSameSequenceAndAnotherSeedAnother() throws Exception {
        SourceShare[] shares = {SourceShare.proportion(0.7), SourceShare.proportion(0.3)};
        List<Long> first = flat(builder(shares).build());
        assertEquals(first, flat(builder(shares).build()));
        assertNotEquals(first, flat(builder(shares).optSeed(SEED + 1).build()));
    }

    @Test
    void ranksTakeInterleavedPositionsOfOneOrderWithEqualBatchCounts() throws Exception {
        List<Float> whole = values(builder(SourceShare.once(), SourceShare.repeat(2)).build(), -1);
        int world = 3;
        List<Integer> batchCounts = new ArrayList<>();
        for (int rank = 0; rank < world; rank++) {
            ConcurrentDataset part =
                    builder(SourceShare.once(), SourceShare.repeat(2))
                            .optShard(rank, world)
                            .build();
            List<List<Long>> batches = BatchIndices.take(part.getData(manager).iterator(), -1);
            batchCounts.add(batches.size());
            List<Float> mine =
                    values(
                            builder(SourceShare.once(), SourceShare.repeat(2))
                                    .optShard(rank, world)
                                    .build(),
                            -1);
            for (int k = 0; k < mine.size(); k++) {
                int at = rank + k * world;
                assertEquals(
                        whole.get(at % whole.size()), mine.get(k), "rank " + rank + " item " + k);
            }
        }
        assertEquals(List.of(7, 7, 7), batchCounts, "160 items: 54 per rank, 7 batches of 8");
    }

    @Test
    void aStateResumesMidEpochAtTheSameAndAtAnotherWorldSize() throws Exception {
        List<Float> whole =
                values(builder(SourceShare.proportion(2), SourceShare.proportion(1)).build(), -1);
        int taken = 3;
        List<IterationState> saved = new ArrayList<>();
        for (int rank = 0; rank < 2; rank++) {
            ConcurrentDataset part =
                    builder(SourceShare.proportion(2), SourceShare.proportion(1))
                            .optShard(rank, 2)
                            .build();
            values(part, taken);
            saved.add(part.iterationState());
        }
        IterationState state = IterationState.parse(saved.get(0).format());
        assertEquals(saved.get(0), saved.get(1));
        assertEquals(2L * taken * BATCH, state.samples());
        for (int world : new int[] {1, 2, 4}) {
            Map<Integer, List<Float>> resumed = new HashMap<>();
            for (int rank = 0; rank < world; rank++) {
                ConcurrentDataset part =
                        builder(SourceShare.proportion(2), SourceShare.proportion(1))
                                .optShard(rank, world)
                                .optShardDropRemainder()
                                .optResumeFrom(state)
                                .build();
                resumed.put(rank, values(part, -1));
            }
            int start = (int) state.samples();
            for (int rank = 0; rank < world; rank++) {
                List<Float> mine = resumed.get(rank);
                for (int k = 0; k < mine.size(); k++) {
                    assertEquals(
                            whole.get(start + rank + k * world),
                            mine.get(k),
                            world + " ranks, rank " + rank + " item " + k);
                }
                assertEquals((whole.size() - start) / world, mine.size());
            }
        }
    }

    @Test
    void proportionsAndAbsoluteSharesAreNotCombinedAndTheErrorNamesBothSources() {
        ConcurrentDatasetBuilder web =
                ConcurrentDataset.builder().addSource("web", a, SourceShare.proportion(0.5));
        assertEquals(
                "proportions are not combined with absolute shares: web has proportion(0.5), "
                        + "books has choose(10)",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> web.addSource("books", b, SourceShare.choose(10)))
                        .getMessage());
        assertEquals(
                "proportion not > 0: -1.0",
                assertThrows(IllegalArgumentException.class, () -> SourceShare.proportion(-1))
                        .getMessage());
        assertEquals(
                "choose < 1: 0",
                assertThrows(IllegalArgumentException.class, () -> SourceShare.choose(0))
                        .getMessage());
        assertEquals(
                "epochSize < 1: 0",
                assertThrows(
                                IllegalArgumentException.class,
                                () -> ConcurrentDataset.builder().optEpochSize(0))
                        .getMessage());
    }

    @Test
    void recordsOfDifferentShapesFailAtPrepareNamingBothSources() {
        ConcurrentDataset dataset =
                ConcurrentDataset.builder()
                        .addSource("features", a, SourceShare.once())
                        .addSource(
                                "pairs",
                                source(manager.arange(20f).reshape(10, 2)),
                                SourceShare.once())
                        .setSampling(BATCH, true)
                        .build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, dataset::prepare);
        assertTrue(
                e.getMessage().contains("features gives data [(1) float32]")
                        && e.getMessage().contains("pairs gives data [(2) float32]"),
                e.getMessage());
    }

    @Test
    void anEmptySourceFailsAtPrepareNamingItWhateverItsShare() {
        for (SourceShare share :
                new SourceShare[] {SourceShare.proportion(1), SourceShare.once()}) {
            ConcurrentDataset dataset =
                    ConcurrentDataset.builder()
                            .addSource("features", a, share)
                            .addSource("empty", source(manager.zeros(new Shape(0, 1))), share)
                            .setSampling(BATCH, true)
                            .build();
            assertEquals(
                    "empty has no item",
                    assertThrows(IllegalArgumentException.class, dataset::prepare).getMessage(),
                    share.toString());
        }
    }

    private ConcurrentDataset mix(SourceShare first, SourceShare second) {
        return builder(first, second).build();
    }

    private ConcurrentDatasetBuilder builder(SourceShare... shares) {
        // a per-item random transform, so that equal values mean equal augmentation too
        return ConcurrentDataset.builder()
                .addSource(a, shares[0])
                .addSource(b, shares[1])
                .setSampling(BATCH, true)
                .optSeed(SEED)
                .optPipeline(
                        new Pipeline(array -> array.add(ItemRandom.current().nextInt(10) / 100f)));
    }

    private List<Long> flat(ConcurrentDataset dataset) throws Exception {
        return BatchIndices.flat(BatchIndices.take(dataset.getData(manager).iterator(), -1));
    }

    private static List<Long> perSource(List<Long> items) {
        long fromA = items.stream().filter(i -> i < 100).count();
        return List.of(fromA, items.size() - fromA);
    }

    private List<Float> values(ConcurrentDataset dataset, int batches) throws Exception {
        List<Float> all = new ArrayList<>();
        Iterator<Batch> epoch = dataset.getData(manager).iterator();
        for (int n = 0; n != batches && epoch.hasNext(); n++) {
            try (Batch batch = epoch.next()) {
                for (float value : batch.getData().head().toFloatArray()) {
                    all.add(value);
                }
            }
        }
        BatchIndices.close(epoch);
        return all;
    }

    private static ArraySource source(NDArray values) {
        NDArray rows = values.getShape().dimension() == 1 ? values.reshape(-1, 1) : values;
        return new ArraySource(new NDArray[] {rows}, new NDArray[0]);
    }
}
