package dev.asyncdataset.source.tar;

import static dev.asyncdataset.source.tar.ShardStreamingTest.builder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.epoch.IterationState;
import dev.asyncdataset.internal.shard.ShardEpoch;
import dev.asyncdataset.internal.shard.ShardLoader;
import dev.asyncdataset.internal.shard.ShardReads;
import dev.asyncdataset.internal.shard.StreamableShards;
import dev.asyncdataset.source.ShardedSource;
import dev.asyncdataset.testing.BatchIndices;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Shard streaming over canonical partitions through the loader: locality, memory, resume. */
@Timeout(180)
class PartitionedStreamingTest {

    private static final int SHARDS = 16;
    private static final int PER_SHARD = 6;
    private static final int SAMPLES = SHARDS * PER_SHARD;

    @TempDir static Path images;
    @TempDir static Path shardFolder;
    private static NDManager manager;
    private static TarImages shards;

    /** Writes 16 shards of 6 samples each, one writer run per shard. */
    @BeforeAll
    static void writeShards() throws Exception {
        for (int s = 0; s < SHARDS; s++) {
            Path folder = images.resolve("s" + s);
            TestImages.write(folder, TestImages.classFolders(1, PER_SHARD, 40, 30));
            ShardWriter.builder()
                    .setLocation(folder.toString())
                    .setOutput(shardFolder.toString())
                    .optPrefix(String.format("p%02d-", s))
                    .build()
                    .write();
        }
        shards = (TarImages) TarShardSource.builder().setLocation(shardFolder.toString()).build();
        manager = NDManager.newBaseManager();
    }

    @AfterAll
    static void closeShards() {
        manager.close();
        shards.close();
    }

    @Test
    void fourRanksOfFourPartitionsEachLoadOnlyTheirOwnShardsAndTogetherEverySampleOnce()
            throws Exception {
        assertEquals(SAMPLES, shards.size());
        Map<Integer, Integer> loadsOfShard = new HashMap<>();
        Set<Long> seen = new HashSet<>();
        for (int rank = 0; rank < 4; rank++) {
            StreamedShards counting = new StreamedShards(shards);
            List<Long> mine = read(builder(counting, rank, 4).build(), -1);
            assertEquals(mine, read(builder(shards, rank, 4).build(), -1), "same seed same order");
            mine.forEach(sample -> assertTrue(seen.add(sample), "sample " + sample + " twice"));
            counting.shards.forEach(shard -> loadsOfShard.merge(shard, 1, Integer::sum));
        }
        assertEquals(SAMPLES, seen.size());
        assertEquals(SHARDS, loadsOfShard.size());
        loadsOfShard.forEach((shard, loads) -> assertEquals(1, loads, "loads of shard " + shard));
    }

    @Test
    void aRankHoldsAtMostTwoWindowsOfItsOwnPartition() throws Exception {
        long largest = 0;
        for (int s = 0; s < SHARDS; s++) {
            largest = Math.max(largest, shards.store().length(s));
        }
        for (int rank = 0; rank < 4; rank++) {
            ConcurrentDataset dataset =
                    builder(shards, rank, 4)
                            .optShuffleWindow(1)
                            .optPrefetchNumber(1)
                            .optFetchers(4)
                            .build();
            read(dataset, -1);
            long peak = dataset.stats().sourceStats().peakResidentBytes();
            assertTrue(peak > 0 && peak <= 2 * largest, "rank " + rank + " held " + peak);
        }
    }

    @Test
    void threeRanksOfFourPartitionsReadEverySampleOnce() throws Exception {
        Set<Long> seen = new HashSet<>();
        for (int rank = 0; rank < 3; rank++) {
            read(builder(shards, rank, 3).optCanonicalPartitions(4).build(), -1)
                    .forEach(sample -> assertTrue(seen.add(sample), "sample " + sample + " twice"));
        }
        assertEquals(SAMPLES, seen.size());
    }

    @Test
    void resumingWithOtherPartitionsThanSavedIsRefusedNamingBoth() {
        IterationState saved = new IterationState(ShardStreamingTest.SEED, 0, 1, 8, 16);
        var e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                builder(shards, 0, 4)
                                        .optResumeFrom(saved)
                                        .optCanonicalPartitions(4)
                                        .build());
        assertEquals(
                "optCanonicalPartitions(4) differs from the resumed state's partitions=16:"
                        + " the epoch order would change",
                e.getMessage());
    }

    @Test
    void aShardedSourceOfOnesOwnIsReadInTheStreamedOrderOneItemAtATimeAndStaysOpen()
            throws Exception {
        OwnShards own = new OwnShards(shards);
        for (int rank = 0; rank < 4; rank++) {
            ConcurrentDataset dataset = builder(own, rank, 4).build();
            assertEquals(read(builder(shards, rank, 4).build(), -1), read(dataset, -1));
            assertEquals(
                    0, dataset.stats().sourceStats().peakResidentBytes(), "no shard held whole");
        }
        assertFalse(own.closed, "the epochs closed the source");
    }

    private List<Long> read(ConcurrentDataset dataset, int limit) throws Exception {
        return BatchIndices.flat(BatchIndices.take(dataset.getData(manager).iterator(), limit));
    }

    /** A sharded source of one's own: the tar source's items, read one at a time. */
    private static class OwnShards implements ShardedSource<ByteBuffer> {

        final TarImages source;
        volatile boolean closed;

        OwnShards(TarImages source) {
            this.source = source;
        }

        @Override
        public long[] shardSizes() {
            return source.shardSizes();
        }

        @Override
        public long size() {
            return source.size();
        }

        @Override
        public ByteBuffer fetch(NDManager manager, long index) throws Exception {
            return source.fetch(manager, index);
        }

        @Override
        public Record decode(NDManager manager, long index, ByteBuffer fetched) throws Exception {
            return source.decode(manager, index, fetched);
        }

        @Override
        public void release(long index, ByteBuffer fetched) {
            source.release(index, fetched);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** A tar shard source that records the shards its streamed epochs load. */
    private static final class StreamedShards extends OwnShards
            implements StreamableShards<ByteBuffer> {

        private final Set<Integer> shards = ConcurrentHashMap.newKeySet();

        StreamedShards(TarImages source) {
            super(source);
        }

        @Override
        public ShardEpoch<ByteBuffer> streamedEpoch() {
            ShardEpoch<ByteBuffer> epoch = source.streamedEpoch();
            ShardReads reads = epoch.reads();
            ShardLoader.ShardReader recording =
                    (shard, into) -> {
                        shards.add(shard);
                        return reads.reader().read(shard, into);
                    };
            return new ShardEpoch<>(
                    new ShardReads(
                            reads.unit(),
                            reads.shardOf(),
                            reads.shardCount(),
                            recording,
                            reads.buffers(),
                            reads.mode()),
                    epoch.cuts());
        }
    }
}
