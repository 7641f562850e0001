package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import ai.djl.training.dataset.Record;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.order.ShardStream;
import dev.asyncdataset.internal.pipeline.ReadyWait;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.internal.store.file.FileStore;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.sample.Parts;
import dev.asyncdataset.sample.Sample;
import dev.asyncdataset.sample.SampleDecoder;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.EpochItems;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Samples of any parts in tar shards: written from loose files or code, read back equal. */
class TarSampleSourceTest {

    /** The class of a sample as its label, its image as its data. */
    private static final SampleDecoder CLASSIFY =
            (manager, sample) ->
                    new Record(
                            new NDList(Parts.image(manager, sample, "jpg")),
                            new NDList(Parts.integer(manager, sample, "cls")));

    @TempDir Path loose;
    @TempDir Path shards;

    @Test
    void samplesWrittenFromLooseFilesReadBackWithEqualPartsByRandomAccessAndStreamed()
            throws Exception {
        writeLooseSamples(12);
        writeSmallShards();
        assertTrue(Files.notExists(shards.resolve(ShardWriter.CLASSES_FILE)));
        try (ItemSource<Sample> files =
                        FolderSource.builder()
                                .setLocation(loose.toString())
                                .buildSamples(CLASSIFY);
                ItemSource<Sample> tars = open()) {
            assertEquals(files.size(), tars.size());
            long[] order = LongStream.range(0, tars.size()).toArray();
            List<Sample> randomAccess = new ArrayList<>();
            for (long i : order) {
                randomAccess.add(tars.fetch(null, i));
            }
            assertSameSamples(files, randomAccess);
            try (ItemSource<Sample> streamed = ShardStream.of(tars, order, order.length)) {
                List<Sample> cut = new ArrayList<>();
                for (long i : order) {
                    ReadyWait.awaitReady(streamed, i);
                    cut.add(streamed.fetch(null, i));
                }
                assertSameSamples(files, cut);
            }
        }
    }

    @Test
    void samplesWrittenFromCodeReadBackInOrderWithoutAnIndexToo() throws Exception {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            samples.add(
                    new Sample(
                            String.format("scenes/%03d", i),
                            Map.of(
                                    "jpg", TestImages.jpeg(24, 16, i),
                                    "seg.png", ("mask " + i).getBytes(StandardCharsets.UTF_8),
                                    "cls",
                                            Integer.toString(i % 2)
                                                    .getBytes(StandardCharsets.UTF_8))));
        }
        ShardWriter.builder().setOutput(shards.toString()).build().write(samples.iterator());
        try (ItemSource<Sample> tars = open()) {
            assertSameParts(samples, tars);
        }
        Files.delete(shards.resolve("shard-000000.tar" + ShardIndexFile.SUFFIX));
        try (ItemSource<Sample> headers = open()) {
            assertSameParts(samples, headers);
        }
    }

    @Test
    void aSampleIsReadWithOneRangeOfItsSpanAndAPartFailingItsCrcIsABadItem() throws Exception {
        writeLooseSamples(4);
        ShardWriter.builder()
                .setLocation(loose.toString())
                .optSamples()
                .setOutput(shards.toString())
                .optKeepOrder()
                .build()
                .write();
        List<long[]> reads = new ArrayList<>();
        ShardStore folder =
                StoredShards.open(FileStore.INSTANCE, shards + "/", null, null, null, null, null);
        try (ItemSource<Sample> tars =
                TarSamples.open(new RecordingStore(folder, reads), CLASSIFY)) {
            reads.clear();
            tars.fetch(null, 2);
            assertEquals(1, reads.size(), "one read for the sample");
            Path shard = shards.resolve("shard-000000.tar");
            byte[] bytes = Files.readAllBytes(shard);
            long[] span = reads.get(0);
            bytes[(int) (span[0] + span[1] - 1)] ^= 1;
            Files.write(shard, bytes);
            BadItemException e = assertThrows(BadItemException.class, () -> tars.fetch(null, 2));
            assertTrue(e.getMessage().contains("CRC32C"), e.getMessage());
            assertTrue(e.getKey().contains("shard-000000.tar"), e.getKey());
        }
    }

    @Test
    void aMissingPartFailsNamingTheShardTheSampleAndThePartOrIsSkipped() throws Exception {
        writeLooseSamples(4);
        Files.delete(loose.resolve("train/000001.cls"));
        ShardWriter.builder()
                .setLocation(loose.toString())
                .optSamples()
                .setOutput(shards.toString())
                .optKeepOrder()
                .build()
                .write();
        try (ItemSource<Sample> tars = open()) {
            var e = assertThrows(DataLoadingException.class, () -> items(tars, BadItemPolicy.FAIL));
            assertTrue(
                    e.getMessage().contains("shard-000000.tar sample train/000001"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("train/000001.cls"), e.getMessage());
            assertEquals(3, items(tars, BadItemPolicy.SKIP));
            try (NDManager manager = NDManager.newBaseManager()) {
                var bad =
                        assertThrows(
                                BadItemException.class,
                                () -> tars.decode(manager, 1, tars.fetch(null, 1)));
                String shard = shards.resolve("shard-000000.tar").toString();
                assertEquals(shard + " member train/000001.cls", bad.getKey());
                assertTrue(
                        bad.getMessage()
                                .endsWith(
                                        "missing part 'cls'; the sample has"
                                                + " [jpg, json, seg.png, txt]"),
                        bad.getMessage());
            }
        }
    }

    @Test
    void aSampleThatWouldNotReadBackAsWrittenIsRefusedNamingItsMember() throws Exception {
        ShardWriter writer = ShardWriter.builder().setOutput(shards.toString()).build();
        byte[] data = {1};
        for (Sample sample :
                List.of(
                        new Sample("a.b", Map.of("jpg", data)),
                        new Sample("a", Map.of("JPG", data)),
                        new Sample("a\tb", Map.of("jpg", data)))) {
            var e =
                    assertThrows(
                            IllegalArgumentException.class,
                            () -> writer.write(List.of(sample).iterator()));
            String member = sample.key() + "." + sample.partNames().iterator().next();
            assertTrue(e.getMessage().contains("'" + member + "'"), e.getMessage());
        }
        assertThrows(IllegalStateException.class, writer::write, "no input set");
        try (var files = Files.list(shards)) {
            assertEquals(List.of(), files.toList(), "no shard left behind");
        }
    }

    @Test
    void twoRanksStreamDisjointHalvesThatCoverEverySample() throws Exception {
        writeLooseSamples(16);
        writeSmallShards();
        SampleDecoder number =
                (manager, sample) ->
                        new Record(
                                new NDList(
                                        manager.create(Long.parseLong(sample.key().substring(6)))),
                                new NDList(Parts.integer(manager, sample, "cls")));
        List<Long> seen = new ArrayList<>();
        try (TarSamples tars =
                (TarSamples)
                        TarShardSource.builder()
                                .setLocation(shards.toString())
                                .buildSamples(number)) {
            for (int rank = 0; rank < 2; rank++) {
                ConcurrentDataset dataset =
                        ConcurrentDataset.builder()
                                .setSource(tars)
                                .setSampling(4, true)
                                .optSeed(7)
                                .optShard(rank, 2)
                                .build();
                try (NDManager manager = NDManager.newBaseManager()) {
                    for (Batch batch : dataset.getData(manager)) {
                        try (batch) {
                            for (long n : batch.getData().head().toLongArray()) {
                                seen.add(n);
                            }
                        }
                    }
                }
            }
        }
        assertEquals(LongStream.range(0, 16).boxed().toList(), seen.stream().sorted().toList());
    }

    /** Samples with a real JPEG, a class, a caption, JSON and a two-part name. */
    private void writeLooseSamples(int count) throws Exception {
        Path train = Files.createDirectories(loose.resolve("train"));
        for (int i = 0; i < count; i++) {
            String key = String.format("%06d", i);
            Files.write(train.resolve(key + ".jpg"), TestImages.jpeg(40, 30, i));
            Files.writeString(train.resolve(key + ".cls"), Integer.toString(i % 3));
            Files.writeString(train.resolve(key + ".txt"), "a caption of " + i);
            Files.writeString(train.resolve(key + ".json"), "{\"weight\": " + i + "}");
            Files.write(train.resolve(key + ".seg.png"), TestImages.jpeg(8, 8, 100 + i));
        }
    }

    /** Writes the loose samples into shards of a few samples each. */
    private void writeSmallShards() throws Exception {
        List<String> written =
                ShardWriter.builder()
                        .setLocation(loose.toString())
                        .optSamples()
                        .setOutput(shards.toString())
                        .optShardBytes(6_000)
                        .build()
                        .write();
        assertTrue(written.size() > 2, "shards: " + written);
    }

    private TarSamples open() throws Exception {
        return (TarSamples)
                TarShardSource.builder().setLocation(shards.toString()).buildSamples(CLASSIFY);
    }

    private static void assertSameSamples(ItemSource<Sample> files, List<Sample> read)
            throws Exception {
        List<Sample> expected = new ArrayList<>();
        for (long i = 0; i < files.size(); i++) {
            expected.add(files.fetch(null, i));
        }
        List<Sample> sorted = new ArrayList<>(read);
        sorted.sort((a, b) -> a.key().compareTo(b.key()));
        assertEquals(expected.size(), sorted.size());
        for (int i = 0; i < expected.size(); i++) {
            assertSameSample(expected.get(i), sorted.get(i));
        }
    }

    private static void assertSameParts(List<Sample> written, ItemSource<Sample> tars)
            throws Exception {
        assertEquals(written.size(), tars.size());
        for (int i = 0; i < written.size(); i++) {
            assertSameSample(written.get(i), tars.fetch(null, i));
        }
    }

    private static void assertSameSample(Sample expected, Sample actual) throws Exception {
        assertEquals(expected.key(), actual.key());
        assertEquals(expected.partNames(), actual.partNames(), expected.key());
        for (String part : expected.partNames()) {
            assertArrayEquals(expected.bytes(part), actual.bytes(part), expected.member(part));
        }
    }

    private static long items(ItemSource<?> source, BadItemPolicy policy) throws Exception {
        return EpochItems.count(
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(2, false)
                        .optBadItemPolicy(policy)
                        .build());
    }

    /** A store that records the offset and length of each ranged read. */
    private record RecordingStore(ShardStore store, List<long[]> reads) implements ShardStore {
        @Override
        public List<String> names() {
            return store.names();
        }

        @Override
        public long length(int shard) throws java.io.IOException {
            return store.length(shard);
        }

        @Override
        public byte[] read(int shard, long offset, int length, BytesCheck check)
                throws java.io.IOException {
            reads.add(new long[] {offset, length});
            return store.read(shard, offset, length, check);
        }

        @Override
        public int readShard(int shard, byte[] into) throws java.io.IOException {
            return store.readShard(shard, into);
        }

        @Override
        public byte[] sidecar(int shard, BytesCheck check) throws java.io.IOException {
            return store.sidecar(shard, check);
        }

        @Override
        public List<String> classes() throws java.io.IOException {
            return store.classes();
        }

        @Override
        public void close() {
            store.close();
        }
    }
}
