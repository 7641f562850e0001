package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.ConcurrentDatasetBuilder;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.epoch.DataLoadingException;
import dev.asyncdataset.internal.shard.ShardStore;
import dev.asyncdataset.internal.shard.StoredShards;
import dev.asyncdataset.internal.store.file.FileStore;
import dev.asyncdataset.internal.tar.ShardIndexFile;
import dev.asyncdataset.internal.tar.TarMember;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.testing.TestShards;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Images checked against the CRC32C of the sidecar index, by random access and streamed. */
@Timeout(120)
class ShardIntegrityTest {

    /** The item whose image gets a flipped bit. */
    private static final long BAD = 7;

    @TempDir Path images;
    @TempDir Path shards;
    private Map<Long, Integer> clean;

    @BeforeEach
    void writeShardsAndReadThemCleanly() throws Exception {
        TestShards.write(images, shards, 3, 6);
        try (TarImages source =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            clean = epoch(dataset(source, BadItemPolicy.FAIL, true));
        }
    }

    @Test
    void aFlippedBitInAFolderShardFailsNamingShardAndMemberByRandomAccess() throws Exception {
        try (TarImages source = corrupted()) {
            TarMember image = source.sample(BAD).image();
            BadItemException e =
                    assertThrows(BadItemException.class, () -> source.fetch(null, BAD));
            assertEquals(source.store().names().get(source.shardOf(BAD)), e.getKey());
            assertTrue(
                    e.getMessage().contains("member " + image.name() + ": CRC32C"), e.getMessage());
            assertFailsNaming(dataset(source, BadItemPolicy.FAIL, true), image);
        }
    }

    @Test
    void aFlippedBitInAFolderShardFailsNamingShardAndMemberStreamed() throws Exception {
        try (TarImages source = corrupted()) {
            assertFailsNaming(
                    dataset(source, BadItemPolicy.FAIL, false), source.sample(BAD).image());
        }
    }

    @Test
    void underSkipOnlyTheCorruptSampleIsLostByRandomAccessAndStreamed() throws Exception {
        flip(BAD);
        for (boolean randomAccess : new boolean[] {true, false}) {
            try (TarImages source =
                    (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
                ConcurrentDataset dataset = dataset(source, BadItemPolicy.SKIP, randomAccess);
                Map<Long, Integer> expected = new TreeMap<>(clean);
                expected.remove(BAD);
                assertEquals(expected, epoch(dataset), "random access " + randomAccess);
                assertEquals(1, dataset.stats().skippedItems());
                // streamed: the image cut from the shard, then its read by itself
                assertEquals(
                        randomAccess ? 1 : 2, dataset.stats().sourceStats().integrityFailures());
            }
        }
    }

    @Test
    void aStreamedEpochRecordsEveryShardLoadAndTheMismatch() throws Exception {
        flip(BAD);
        Path file = shards.resolve("epoch.jfr");
        int shardCount;
        String badImage;
        try (TarImages source =
                        (TarImages)
                                TarShardSource.builder().setLocation(shards.toString()).build();
                Recording recording = new Recording()) {
            shardCount = source.store().names().size();
            badImage = source.sample(BAD).image().name();
            recording.enable("dev.asyncdataset.ShardLoad");
            recording.enable("dev.asyncdataset.IntegrityFailure");
            recording.start();
            epoch(dataset(source, BadItemPolicy.SKIP, false));
            recording.stop();
            recording.dump(file);
        }
        List<RecordedEvent> events = RecordingFile.readAllEvents(file);
        List<RecordedEvent> loads = named(events, "ShardLoad");
        assertEquals(shardCount, loads.size());
        assertTrue(
                loads.stream().allMatch(e -> e.getBoolean("succeeded") && e.getLong("bytes") > 0));
        List<RecordedEvent> mismatches = named(events, "IntegrityFailure");
        assertFalse(mismatches.isEmpty(), "no integrity failure recorded");
        assertTrue(mismatches.getFirst().getString("mismatch").contains(badImage));
    }

    private static List<RecordedEvent> named(List<RecordedEvent> events, String name) {
        return events.stream()
                .filter(e -> e.getEventType().getName().equals("dev.asyncdataset." + name))
                .toList();
    }

    /** A whole-shard read the store could not check (a multipart ETag, say) with a bit flipped. */
    @Test
    void anImageFailingItsCrcInAStreamedShardIsReadAgainByItself() throws Exception {
        ShardStore folder =
                StoredShards.open(FileStore.INSTANCE, shards + "/", null, null, null, null, null);
        try (TarImages probe =
                        (TarImages)
                                TarShardSource.builder().setLocation(shards.toString()).build();
                TarImages source = TarImages.open(new FlippingStore(folder, probe))) {
            ConcurrentDataset dataset = dataset(source, BadItemPolicy.FAIL, false);
            assertEquals(clean, epoch(dataset));
            assertEquals(1, dataset.stats().sourceStats().integrityFailures());
        }
    }

    @Test
    void imagesOfAnIndexWithoutCrcsAreReadUnchecked() throws Exception {
        Path shard = flip(BAD);
        Files.delete(Path.of(shard + ShardIndexFile.SUFFIX));
        try (TarImages headersOnly =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertNull(headersOnly.sample(BAD).image().crc32c());
            headersOnly.fetch(null, BAD);
            assertEquals(0, headersOnly.stats().integrityFailures());
        }
    }

    private TarImages corrupted() throws IOException {
        flip(BAD);
        return (TarImages) TarShardSource.builder().setLocation(shards.toString()).build();
    }

    /** Flips bit 0 of the middle byte of {@code item}'s image in its shard file; returns it. */
    private Path flip(long item) throws IOException {
        try (TarImages source =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            Path shard = Path.of(source.store().names().get(source.shardOf(item)));
            TarMember image = source.sample(item).image();
            byte[] bytes = Files.readAllBytes(shard);
            bytes[(int) (image.offset() + image.size() / 2)] ^= 1;
            Files.write(shard, bytes);
            return shard;
        }
    }

    private static void assertFailsNaming(ConcurrentDataset dataset, TarMember image) {
        DataLoadingException e = assertThrows(DataLoadingException.class, () -> epoch(dataset));
        assertTrue(e.getCause() instanceof BadItemException, String.valueOf(e.getCause()));
        assertTrue(e.getMessage().contains("member " + image.name()), e.getMessage());
    }

    private static ConcurrentDataset dataset(
            ItemSource<?> source, BadItemPolicy policy, boolean randomAccess) {
        ConcurrentDatasetBuilder builder =
                ConcurrentDataset.builder()
                        .setSource(source)
                        .setSampling(2, true)
                        .optSeed(5)
                        .optBadItemPolicy(policy);
        return (randomAccess ? builder.optRandomAccess() : builder).build();
    }

    /** A hash of the pixels each item delivered, by item. */
    private static Map<Long, Integer> epoch(ConcurrentDataset dataset) throws Exception {
        Map<Long, Integer> items = new TreeMap<>();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset.getData(manager)) {
                try (batch) {
                    for (int i = 0; i < batch.getSize(); i++) {
                        byte[] pixels = batch.getData().head().get(i).toByteArray();
                        items.put((Long) batch.getIndices().get(i), Arrays.hashCode(pixels));
                    }
                }
            }
        }
        return items;
    }

    /** A folder whose whole-shard reads come with one bit of {@link #BAD}'s image flipped. */
    private static final class FlippingStore implements ShardStore {
        private final ShardStore folder;
        private final int shard;
        private final long at;

        FlippingStore(ShardStore folder, TarImages layout) throws BadItemException {
            this.folder = folder;
            this.shard = layout.shardOf(BAD);
            TarMember image = layout.sample(BAD).image();
            this.at = image.offset() + image.size() / 2;
        }

        @Override
        public int readShard(int s, byte[] into) throws IOException {
            int length = folder.readShard(s, into);
            if (s == shard) {
                into[(int) at] ^= 1;
            }
            return length;
        }

        @Override
        public List<String> names() {
            return folder.names();
        }

        @Override
        public long length(int s) throws IOException {
            return folder.length(s);
        }

        @Override
        public byte[] read(int s, long offset, int length, BytesCheck check) throws IOException {
            return folder.read(s, offset, length, check);
        }

        @Override
        public byte[] sidecar(int s, BytesCheck check) throws IOException {
            return folder.sidecar(s, check);
        }

        @Override
        public List<String> classes() throws IOException {
            return folder.classes();
        }

        @Override
        public void close() {
            folder.close();
        }
    }
}
