package dev.asyncdataset.source.tar;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDManager;
import ai.djl.training.dataset.Batch;
import dev.asyncdataset.BadItemPolicy;
import dev.asyncdataset.ConcurrentDataset;
import dev.asyncdataset.decode.BadItemException;
import dev.asyncdataset.internal.tar.TarBytes;
import dev.asyncdataset.source.ItemSource;
import dev.asyncdataset.source.LabeledImageSource;
import dev.asyncdataset.source.folder.FolderSource;
import dev.asyncdataset.testing.EpochItems;
import dev.asyncdataset.testing.TestImages;
import dev.asyncdataset.writer.ShardWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TarShardSourceTest {

    @TempDir Path images;
    @TempDir Path shards;

    @Test
    void shardsGiveTheSameBatchesAsTheFolderSource() throws Exception {
        writeShards(3, 6);
        LabeledImageSource folder = FolderSource.builder().setLocation(images.toString()).build();
        try (TarImages tars =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertTrue(tars.shardCount() > 2, "shards: " + tars.shardCount());
            assertEquals(folder.getClasses(), tars.getClasses());
            assertEquals(epoch(folder, BadItemPolicy.FAIL), epoch(tars, BadItemPolicy.FAIL));
        }
    }

    @Test
    void aBracePatternOpensTheShardsItNamesInPatternOrder() throws Exception {
        writeShards(3, 6);
        try (TarImages all =
                        (TarImages)
                                TarShardSource.builder().setLocation(shards.toString()).build();
                TarImages two =
                        (TarImages)
                                TarShardSource.builder()
                                        .setLocation(shards + "/shard-{000001..000002}.tar")
                                        .build()) {
            assertEquals(2, two.shardCount());
            List<String> expected = new ArrayList<>();
            for (long i = 0; i < all.size(); i++) {
                String name = all.describe(i);
                if (name.contains("shard-000001.tar") || name.contains("shard-000002.tar")) {
                    expected.add(name);
                }
            }
            List<String> actual = new ArrayList<>();
            for (long i = 0; i < two.size(); i++) {
                actual.add(two.describe(i));
                assertEquals(all.getClasses(), two.getClasses());
            }
            assertEquals(expected, actual);
        }
    }

    @Test
    void aBracePatternNamingAMissingShardFailsNamingIt() throws Exception {
        writeShards(3, 6);
        Exception e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                TarShardSource.builder()
                                        .setLocation(shards + "/shard-{0..999}.tar")
                                        .build());
        assertTrue(e.getMessage().endsWith("shard-0.tar"), e.getMessage());
    }

    @Test
    void withoutSidecarIndexesTheHeadersGiveTheSameItems() throws Exception {
        writeShards(2, 4);
        List<String> indexed = describeAll(shards);
        try (Stream<Path> files = Files.list(shards)) {
            for (Path idx : files.filter(p -> p.toString().endsWith(".idx")).toList()) {
                Files.delete(idx);
            }
        }
        assertEquals(indexed, describeAll(shards));
        try (TarImages tars =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertEquals(
                    epoch(
                            FolderSource.builder().setLocation(images.toString()).build(),
                            BadItemPolicy.FAIL),
                    epoch(tars, BadItemPolicy.FAIL));
        }
    }

    @Test
    void aBadSampleFailsNamingShardAndKeyOrIsSkippedAlone() throws Exception {
        byte[] jpeg = TestImages.jpeg(40, 30, 1);
        Files.write(
                shards.resolve("s.tar"),
                new TarBytes()
                        .file("a.jpg", jpeg)
                        .file("a.cls", "0")
                        .file("b.jpg", jpeg)
                        .file("c.jpg", jpeg)
                        .file("c.cls", "1")
                        .finish());
        try (TarImages tars =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertEquals(3, tars.size());
            BadItemException e = assertThrows(BadItemException.class, () -> tars.fetch(null, 1));
            assertEquals(shards.resolve("s.tar") + " sample b", e.getKey());
            Exception failed = assertThrows(Exception.class, () -> epoch(tars, BadItemPolicy.FAIL));
            assertTrue(
                    String.valueOf(failed.getMessage()).contains("sample b"), failed.getMessage());
            ConcurrentDataset skipping = dataset(tars, BadItemPolicy.SKIP);
            assertEquals(2, EpochItems.count(skipping));
            assertEquals(1, skipping.stats().skippedItems());
        }
    }

    /**
     * The loader interrupts fetches when an epoch ends early; an interrupted read closes its file
     * channel, which must not fail the later reads of the same shard.
     */
    @Test
    void anInterruptedReadLeavesLaterReadsOfTheShardWorking() throws Exception {
        byte[] jpeg = TestImages.jpeg(40, 30, 1);
        Files.write(
                shards.resolve("s.tar"),
                new TarBytes().file("a.jpg", jpeg).file("a.cls", "0").finish());
        try (TarImages tars =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            Thread.currentThread().interrupt();
            try {
                assertThrows(IOException.class, () -> tars.fetch(null, 0));
            } finally {
                Thread.interrupted();
            }
            assertArrayEquals(jpeg, TestImages.bytes(tars.fetch(null, 0)));
        }
    }

    @Test
    void aDamagedShardIsLeftOutWhenOpenedAndKeptNamingIt() throws Exception {
        byte[] shard = new TarBytes().file("a.jpg", "x").file("a.cls", "0").finish();
        shard[1024 + 3] ^= 1; // the name of a.cls, in its header
        Files.write(shards.resolve("bad.tar"), shard);
        try (TarImages tars =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            assertEquals(0, tars.size());
            BadItemException e = tars.damaged().get(0);
            assertTrue(
                    e.getKey().startsWith(shards.resolve("bad.tar") + " member a.jpg"), e.getKey());
        }
        assertInstanceOf(
                IllegalArgumentException.class,
                assertThrows(
                        Exception.class,
                        () -> TarShardSource.builder().setLocation(images.toString()).build()));
    }

    /** Writes {@code classes x perClass} images of 40x30 px into shards of about 20 KB. */
    private void writeShards(int classes, int perClass) throws Exception {
        TestImages.write(images, TestImages.classFolders(classes, perClass, 40, 30));
        ShardWriter.builder()
                .setLocation(images.toString())
                .setOutput(shards.toString())
                .optShardBytes(20_000)
                .optKeepOrder()
                .build()
                .write();
    }

    private static List<String> describeAll(Path shards) throws Exception {
        try (TarImages tars =
                (TarImages) TarShardSource.builder().setLocation(shards.toString()).build()) {
            List<String> names = new ArrayList<>();
            for (long i = 0; i < tars.size(); i++) {
                names.add(tars.describe(i) + " " + tars.fetch(null, i).remaining());
            }
            return names;
        }
    }

    /** The bytes of an epoch's data and labels, shuffled with a fixed seed. */
    private static String epoch(ItemSource<?> source, BadItemPolicy policy) throws Exception {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        try (NDManager manager = NDManager.newBaseManager()) {
            for (Batch batch : dataset(source, policy).getData(manager)) {
                try (batch) {
                    all.write(batch.getData().head().toByteArray());
                    all.write(batch.getLabels().head().toByteArray());
                }
            }
        }
        return java.util.HexFormat.of().formatHex(all.toByteArray());
    }

    /** A dataset reading by random access, in the same permutation for shards as for folders. */
    private static ConcurrentDataset dataset(ItemSource<?> source, BadItemPolicy policy) {
        return ConcurrentDataset.builder()
                .setSource(source)
                .setSampling(2, true)
                .optSeed(5)
                .optRandomAccess()
                .optBadItemPolicy(policy)
                .build();
    }
}
