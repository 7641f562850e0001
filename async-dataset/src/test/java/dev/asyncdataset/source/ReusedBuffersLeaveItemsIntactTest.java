package dev.asyncdataset.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.internal.order.ShardStream;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.source.tar.TarShardSource;
import dev.asyncdataset.testing.TestShards;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the library's sources hand on keeps no reference into memory that is reused: an image
 * source's record stays the same when its recycled body is overwritten after {@link
 * ItemSource#release} (as the pool's next reader overwrites it), and a streamed shard's items stay
 * the same when their shard's buffer is reused for a later shard before they are decoded.
 */
class ReusedBuffersLeaveItemsIntactTest {

    /** What the pool's next reader might leave in a reused array. */
    private static final byte SCRIBBLE = 0x5A;

    /** A binary part handed out as is (the JPEG's bytes) and the class. */
    private static final SampleDecoder RAW =
            (manager, sample) ->
                    new Record(
                            new NDList(Parts.raw(manager, sample, "jpg")),
                            new NDList(Parts.integer(manager, sample, "cls")));

    @TempDir static Path images;
    @TempDir static Path shards;
    private static long largestShard;

    @BeforeAll
    static void writeShards() throws IOException {
        for (String shard : TestShards.write(images, shards, 3, 12)) {
            largestShard = Math.max(largestShard, Files.size(Path.of(shard)));
        }
    }

    @Test
    void imageRecordsStayTheSameWhenTheirBodiesAreReusedAfterRelease() throws Exception {
        try (LabeledImageSource folder =
                        FolderSource.builder().setLocation(images.toString()).build();
                LabeledImageSource tars =
                        TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertIntactAfterReuse(folder);
            assertIntactAfterReuse(tars);
            try (ItemSource<ByteBuffer> streamed = streamedInOrder(tars)) {
                assertIntactAfterReuse(streamed);
                assertBuffersReused((ShardedSource<?>) tars, streamed);
            }
        }
    }

    @Test
    void streamedSamplesStayTheSameWhenTheirShardsBuffersAreReused() throws Exception {
        try (ItemSource<Sample> tars =
                        TarShardSource.builder().setLocation(shards.toString()).buildSamples(RAW);
                ItemSource<Sample> streamed = streamedInOrder(tars);
                NDManager manager = NDManager.newBaseManager()) {
            List<Sample> samples = new ArrayList<>();
            for (int i = 0; i < tars.size(); i++) {
                samples.add(streamed.fetch(manager, i));
            }
            assertBuffersReused((ShardedSource<?>) tars, streamed);
            for (int i = 0; i < tars.size(); i++) {
                Record record = streamed.decode(manager, i, samples.get(i));
                streamed.release(i, samples.get(i));
                Record expected = tars.decode(manager, i, tars.fetch(manager, i));
                assertSameRecord(expected, record, tars.describe(i));
            }
        }
    }

    /**
     * Fetches every item first (so a streamed shard's buffer is reused meanwhile), then decodes
     * each, overwrites its body and gives it back; every record must still equal the one decoded
     * from a copy of its body taken when it was fetched.
     */
    private static void assertIntactAfterReuse(ItemSource<ByteBuffer> source) throws Exception {
        int size = Math.toIntExact(source.size());
        List<ByteBuffer> bodies = new ArrayList<>();
        List<byte[]> copies = new ArrayList<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (int i = 0; i < size; i++) {
                ByteBuffer body = source.fetch(manager, i);
                byte[] copy = new byte[body.remaining()];
                body.duplicate().get(copy);
                bodies.add(body);
                copies.add(copy);
            }
            List<Record> records = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                ByteBuffer body = bodies.get(i);
                records.add(source.decode(manager, i, body));
                Arrays.fill(body.array(), SCRIBBLE);
                source.release(i, body);
            }
            for (int i = 0; i < size; i++) {
                Record expected = source.decode(manager, i, ByteBuffer.wrap(copies.get(i)));
                assertSameRecord(expected, records.get(i), source.describe(i));
            }
        }
    }

    /** Asserts that the streamed epoch held fewer shard buffers than there are shards. */
    private static void assertBuffersReused(ShardedSource<?> tars, ItemSource<?> streamed) {
        int shardCount = tars.shardSizes().length;
        long peak = streamed.stats().peakResidentBytes();
        assertTrue(peak < shardCount * largestShard, peak + " bytes held for " + shardCount);
    }

    private static <T> ItemSource<T> streamedInOrder(ItemSource<T> tars) {
        return ShardStream.of(tars, inOrder(tars.size()), Math.toIntExact(tars.size()));
    }

    private static long[] inOrder(long size) {
        return LongStream.range(0, size).toArray();
    }

    private static void assertSameRecord(Record expected, Record actual, String item) {
        assertSameArrays(expected.getData(), actual.getData(), item);
        assertSameArrays(expected.getLabels(), actual.getLabels(), item);
    }

    private static void assertSameArrays(NDList expected, NDList actual, String item) {
        assertEquals(expected.size(), actual.size(), item);
        for (int i = 0; i < expected.size(); i++) {
            assertTrue(expected.get(i).contentEquals(actual.get(i)), item + ": array " + i);
        }
    }
}
