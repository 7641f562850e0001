package dev.asyncdataset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Device;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
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
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(120)
class ShardAndResumeTest {

    private static final long SEED = 99;
    private NDManager manager;
    private NDArray items;

    @BeforeEach
    void setUp() {
        manager = NDManager.newBaseManager(Device.cpu());
        items = manager.arange(103f).reshape(103, 1);
    }

    @AfterEach
    void tearDown() {
        manager.close();
    }

    @Test
    void shardsAreDisjointEqualAndCoverTheEpochOnce() throws Exception {
        Set<Long> union = new HashSet<>();
        List<Integer> batchCounts = new ArrayList<>();
        for (int rank = 0; rank < 4; rank++) {
            ConcurrentDataset shard = builder().optShard(rank, 4).optShardDropRemainder().build();
            List<List<Long>> batches = BatchIndices.take(shard.getData(manager).iterator(), -1);
            batchCounts.add(batches.size());
            for (List<Long> batch : batches) {
                for (Long index : batch) {
                    assertTrue(union.add(index), "index " + index + " in two shards");
                }
            }
        }
        assertEquals(List.of(4, 4, 4, 4), batchCounts);
        assertEquals(100, union.size(), "103 items, 4 shards of 25, 3 dropped");
    }

    @Test
    void paddedShardsRepeatOnlyToFillTheLastShare() throws Exception {
        Map<Long, Integer> seen = new HashMap<>();
        for (int rank = 0; rank < 4; rank++) {
            ConcurrentDataset shard = builder().optShard(rank, 4).build();
            for (List<Long> batch : BatchIndices.take(shard.getData(manager).iterator(), -1)) {
                batch.forEach(index -> seen.merge(index, 1, Integer::sum));
            }
        }
        assertEquals(103, seen.size(), "every item at least once");
        assertEquals(104, seen.values().stream().mapToInt(Integer::intValue).sum());
    }

    @Test
    void aRestoredRunYieldsExactlyTheRemainingBatchesTwiceInARow() throws Exception {
        ConcurrentDataset straight = builder().build();
        straight.getData(manager).iterator().forEachRemaining(Batch::close);
        List<float[]> expected = data(straight.getData(manager).iterator(), -1);

        ConcurrentDataset first = builder().build();
        first.getData(manager).iterator().forEachRemaining(Batch::close);
        data(first.getData(manager).iterator(), 3);
        IterationState saved = IterationState.parse(first.iterationState().format());
        assertEquals(new IterationState(SEED, 1, 3), saved);

        ConcurrentDataset second = builder().optResumeFrom(saved).build();
        List<float[]> resumed = new ArrayList<>(data(second.getData(manager).iterator(), 4));
        ConcurrentDataset third = builder().optResumeFrom(second.iterationState()).build();
        resumed.addAll(data(third.getData(manager).iterator(), -1));

        List<float[]> remaining = expected.subList(3, expected.size());
        assertEquals(remaining.size(), resumed.size());
        for (int i = 0; i < remaining.size(); i++) {
            assertTrue(java.util.Arrays.equals(remaining.get(i), resumed.get(i)), "batch " + i);
        }
    }

    @Test
    void aRestoredRunReportsTheProgressOfTheUninterruptedRun() throws Exception {
        List<Long> straight = progress(builder().build().getData(manager).iterator());
        ConcurrentDataset resumed = builder().optResumeFrom(new IterationState(SEED, 0, 3)).build();
        List<Long> restored = progress(resumed.getData(manager).iterator());
        assertEquals(straight.subList(3, straight.size()), restored);
        assertEquals(32L, restored.get(0), "3 batches of 8 before the restart, 8 items now");
    }

    @Test
    void shardingWithoutASeedIsRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        ConcurrentDataset.builder()
                                .setData(items)
                                .setSampling(8, true)
                                .optShard(0, 2)
                                .build());
    }

    private ConcurrentDatasetBuilder builder() {
        // per-item random transforms over in-memory arrays: setSource (setData runs the pipeline
        // on whole batches, as ArrayDataset does)
        return ConcurrentDataset.builder()
                .setSource(new ArraySource(new NDArray[] {items}, new NDArray[0]))
                .setSampling(8, true)
                .optSeed(SEED)
                .optPipeline(new Pipeline(array -> array.add(ItemRandom.current().nextInt(1000))));
    }

    private static List<Long> progress(Iterator<Batch> batches) {
        List<Long> all = new ArrayList<>();
        while (batches.hasNext()) {
            try (Batch batch = batches.next()) {
                all.add(batch.getProgress());
            }
        }
        return all;
    }

    private static List<float[]> data(Iterator<Batch> batches, int limit) {
        List<float[]> all = new ArrayList<>();
        while (batches.hasNext() && all.size() != limit) {
            try (Batch batch = batches.next()) {
                all.add(batch.getData().head().toFloatArray());
            }
        }
        BatchIndices.close(batches);
        return all;
    }
}
